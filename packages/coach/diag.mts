import { classify } from './src/intents/understand'
import { loadSet } from './eval/evaluate'
import { INTENTS } from './src/intents/registry'
const have = new Set(INTENTS.map(i=>i.id))
const { messages } = loadSet()
let n=0, top1=0, top3=0
const rows: string[] = []
for (const m of messages) {
  if (!have.has(m.intent)) continue
  n++
  const c = classify(m.text)
  const ids = c.candidates.map(x=>x.intent.id)
  if (ids[0]===m.intent) top1++
  if (ids.slice(0,3).includes(m.intent)) top3++
  const t=c.candidates[0], s=c.candidates[1]
  rows.push(`${ids[0]===m.intent?'OK ':'BAD'} cov=${t?.coverage.toFixed(2)} ratio=${t&&s?(t.score/s.score).toFixed(2):'-'} known=${c.known.toFixed(2)} ${m.intent} <- ${ids[0]} | ${m.text}`)
}
console.log({n, top1: top1/n, top3: top3/n, intents: have.size})
if (process.argv.includes('-v')) console.log(rows.join('\n'))
