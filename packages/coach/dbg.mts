import { classify, understand } from './src/intents/understand'
for (const t of process.argv.slice(2)) {
  const c = classify(t); const u = understand(t, [])
  console.log(t, '=>', u.mode, u.intents.map(i=>i.id), '| topical', c.topical, '| cands', c.candidates.slice(0,4).map(x=>`${x.intent.id}:${x.score.toFixed(2)}`).join(' '))
}
