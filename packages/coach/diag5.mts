import { classify } from './src/intents/understand'
import { loadSet } from './eval/evaluate'
import { INTENTS } from './src/intents/registry'
import { terms } from './src/intents/normalize'
const { messages } = loadSet()
const lex = new Set<string>()
for (const i of INTENTS) { if (i.domain==='conversa') continue; for (const t of terms([i.label, ...(i.keywords??[])].join(' '))) lex.add(t) }
const ifreq = new Map<string,number>()
for (const i of INTENTS) for (const t of new Set(i.examples.flatMap(e=>terms(e)))) ifreq.set(t,(ifreq.get(t)??0)+1)
for (const frac of [0.1,0.15,0.2,0.3]) {
  const lim = INTENTS.length*frac
  const topical = (ts:string[]) => ts.filter(t=>lex.has(t) && (ifreq.get(t)??0) <= lim)
  let clarHit=0, clarN=0, falseV=0, n=0
  const fv:string[]=[]
  for (const m of messages) {
    const ts=terms(m.text); const v = topical(ts).length===0
    if (m.intent==='clarify'){clarN++; if(v)clarHit++} else { n++; if (v && !INTENTS.find(i=>i.id===m.intent && i.domain==='conversa')) {falseV++; fv.push(m.text)} }
  }
  console.log(frac, 'clar recall', clarHit,'/',clarN,' false vague', falseV,'/',n)
  if (frac===0.15) console.log(fv.join('\n'))
}
