import { classify } from './src/intents/understand'
import { loadSet } from './eval/evaluate'
import { INTENTS } from './src/intents/registry'
const have = new Set(INTENTS.map(i=>i.id))
const { messages } = loadSet()
const rows:any[]=[]
for (const m of messages) {
  if (!have.has(m.intent) && m.intent!=='clarify') continue
  const c = classify(m.text)
  const [t,s]=c.candidates
  rows.push({ok: t?.intent.id===m.intent||t?.intent.id===m.also, clar: m.intent==='clarify', r: t&&s? t.score/s.score: 9, ev: t?.evidence??0, known:c.known, same: t&&s? t.intent.domain===s.intent.domain:false, text:m.text, exp:m.intent, got:t?.intent.id})
}
for (const thr of [0,2,3,4,5,6]) {
  const sel=rows.filter(r=>r.ev>=thr)
  console.log('ev>=',thr,'kept',sel.length,'okrate',(sel.filter(r=>r.ok).length/sel.length).toFixed(3),'dropped ok',rows.filter(r=>r.ev<thr&&r.ok).length,'dropped bad',rows.filter(r=>r.ev<thr&&!r.ok&&!r.clar).length,'clar dropped',rows.filter(r=>r.ev<thr&&r.clar).length)
}
for (const thr of [1,1.05,1.1,1.2,1.3]) {
  const sel=rows.filter(r=>r.r>=thr || r.same)
  console.log('ratio>=',thr,'kept',sel.length,'okrate',(sel.filter(r=>r.ok).length/sel.length).toFixed(3),'dropped ok',rows.filter(r=>!(r.r>=thr||r.same)&&r.ok).length,'dropped bad',rows.filter(r=>!(r.r>=thr||r.same)&&!r.ok).length)
}
console.log(rows.filter(r=>r.clar).map(r=>`${r.ev.toFixed(1)} ${r.r.toFixed(2)} ${r.got} | ${r.text}`).join('\n'))
import { terms } from './src/intents/normalize'
const lex = new Map<string, number>()
for (const i of INTENTS) { if (i.domain==='conversa') continue; for (const t of new Set(terms([i.label, ...(i.keywords??[])].join(' ')))) lex.set(t,(lex.get(t)??0)+1) }
console.log([...lex.entries()].sort((a,b)=>b[1]-a[1]).slice(0,60).map(([t,n])=>t+':'+n).join(' '))
