import { understand, classify } from './src/intents/understand'
for (const t of process.argv.slice(2)) {
  const u = understand(t, [])
  const c = classify(t)
  console.log(
    t,
    '=>',
    u.mode,
    u.intents.map((i) => i.id),
    '|',
    c.candidates
      .slice(0, 3)
      .map((x) => x.intent.id + ':' + x.score.toFixed(2))
      .join(' '),
    c.known.toFixed(2),
    c.topical,
  )
}
