// `npm run eval:coach`: the coach engine against the labelled set in this folder, for a female
// and a male player. `--misses` lists every wrong reading, repeat and agreement error.
import { evaluateProfile, loadHoldout, loadSet, unknownLabels } from './evaluate'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { GUARD_SETS, runGuard } from './guard'
import { writeRuns } from './turns'

const here = path.dirname(fileURLToPath(import.meta.url))

if (process.argv.includes('--guard')) {
  for (const { file, report } of GUARD_SETS) {
    console.log(file)
    for (const line of runGuard(path.join(here, file), report)) console.log(`  ${line}`)
  }
  process.exit(0)
}

const at = process.argv.indexOf('--replies')
if (at >= 0) {
  const [setFile, ...players] = process.argv.slice(at + 1)
  if (!setFile || players.length === 0) {
    console.error('usage: npm run eval:coach -- --replies <set.json> <player> [<player>…]')
    process.exit(1)
  }
  for (const file of writeRuns(setFile, players, '.tmp/coach-replies')) console.log(file)
  process.exit(0)
}

const set = loadSet()
const holdout = loadHoldout()
const unknown = [...unknownLabels(set), ...unknownLabels(holdout)]
if (unknown.length > 0) {
  console.error(`Labels not in the catalogue: ${unknown.join(', ')}`)
  process.exit(1)
}
const pct = (x: number) => `${(x * 100).toFixed(1)} %`
const showMisses = process.argv.includes('--misses')
console.log(
  `Set: ${set.messages.length} messages, ${set.conversations.length} conversations (${set.conversations.reduce((n, c) => n + c.turns.length, 0)} turns)\n`,
)
for (const key of ['female', 'male'] as const) {
  const r = evaluateProfile(key, set)
  console.log(`Profile ${key}:`)
  console.log(`  intent accuracy          ${pct(r.intentAccuracy)}`)
  console.log(`  coach accuracy           ${pct(r.coachAccuracy)}`)
  console.log(
    `  clarify rate             ${pct(r.clarifyRate)} (recall on vague messages ${pct(r.clarifyRecall)})`,
  )
  console.log(`  second question answered ${pct(r.secondRecall)}`)
  console.log(`  stated details used      ${pct(r.detailsUsed)}`)
  console.log(
    `  conversation intents     ${pct(r.conversationIntentAccuracy)} of ${r.conversationTurns} turns`,
  )
  console.log(`  repeated sentences       ${r.repeatedSentences}`)
  console.log(`  agreement errors         ${r.agreementErrors}\n`)
  if (showMisses) {
    for (const m of r.misses) console.log(`  miss   ${m}`)
    for (const m of r.repeats) console.log(`  repeat ${m}`)
    for (const m of r.agreement) console.log(`  agree  ${m}`)
  }
}

console.log(`Held-out set: ${holdout.messages.length} messages never tuned against`)
for (const key of ['female', 'male'] as const) {
  const r = evaluateProfile(key, holdout)
  console.log(
    `  ${key.padEnd(6)}  intent accuracy ${pct(r.intentAccuracy)}, coach accuracy ${pct(r.coachAccuracy)}, clarify rate ${pct(r.clarifyRate)}`,
  )
  if (showMisses) for (const m of r.misses) console.log(`  miss   ${m}`)
}
