import { classify } from './src/intents/understand'
import { plainText } from './src/intents/normalize'
for (const t of process.argv.slice(2)) { const c = classify(t); console.log(t, '|', plainText(t), '|', c.candidates.slice(0,3).map(x=>`${x.intent.id}:${x.score.toFixed(2)}`).join(' ')) }
