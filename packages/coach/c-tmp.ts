import { classify } from './src/intents/understand'
import { LIFE_PHRASINGS } from './src/intents/content/phrasings-life'
let ok=0, n=0
for (const [id, l] of Object.entries(LIFE_PHRASINGS)) for (const p of l) { n++; const c: any = classify(p); const top = c.intent ?? c.top?.id ?? c.candidates?.[0]?.id
  if (top === id) ok++; else console.log(id, '->', top, '|', p) }
console.log(ok, n)
