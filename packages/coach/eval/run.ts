// `npm run eval:coach`: first the share of player turns whose reply passes the rubric, as people
// graded them by reading (only replies unchanged since they were graded count); then, as a
// diagnostic, how the engine reads the labelled messages of this folder.
//   --replies <set.json> <player>…   writes the replies to read, in .tmp/coach-replies
//   --record <set.json> <grades.json> adds a grader's reading of the current replies
//   --guard                           the LLM reply check on the blind sets of model replies
//   --misses                          every wrong reading, repeat and agreement error
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { evaluateProfile, loadHoldout, loadSet, unknownLabels } from './evaluate'
import { CRITERIA, recordGrades, scoreGrades } from './grades'
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

/** The sets graded by reading, each with its grade file. */
const GRADED = [
  { set: 'sets/players-2026-12-07.json', grades: 'grades/players-2026-12-07.json' },
  { set: 'blind/set-h1.json', grades: 'grades/set-h1.json' },
  { set: 'blind/set-h2.json', grades: 'grades/set-h2.json' },
]

const record = process.argv.indexOf('--record')
if (record >= 0) {
  const [setFile, output] = process.argv.slice(record + 1)
  const entry = GRADED.find((g) => setFile && path.resolve(setFile) === path.join(here, g.set))
  if (!setFile || !output || !entry) {
    console.error(
      `usage: npm run eval:coach -- --record <one of ${GRADED.map((g) => g.set).join(', ')}> <grades.json>`,
    )
    process.exit(1)
  }
  const date = new Date().toISOString().slice(0, 10)
  recordGrades(
    setFile,
    path.join(here, entry.grades),
    JSON.parse(fs.readFileSync(output, 'utf8')),
    date,
  )
  console.log(`recorded in ${entry.grades}`)
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

const pct = (x: number) => `${(x * 100).toFixed(1)} %`
let graded = 0
let passed = 0
let conversation = 0
let conversationPassed = 0
const stale: string[] = []
const criteria = Object.fromEntries(CRITERIA.map((c) => [c, [0, 0]])) as Record<
  string,
  [number, number]
>
const lines: string[] = []
for (const g of GRADED) {
  const gradeFile = path.join(here, g.grades)
  if (!fs.existsSync(gradeFile) || !fs.existsSync(path.join(here, g.set))) continue
  for (const s of scoreGrades(path.join(here, g.set), gradeFile)) {
    graded += s.graded
    passed += s.passed
    conversation += s.conversation
    conversationPassed += s.conversationPassed
    stale.push(...s.stale.map((id) => `${g.set} ${s.player} ${id}`))
    for (const c of CRITERIA) {
      const [ok, of] = s.byCriterion[c] as [number, number]
      ;(criteria[c] as [number, number])[0] += ok
      ;(criteria[c] as [number, number])[1] += of
    }
    lines.push(
      `  ${g.set} ${s.player}: ${s.passed}/${s.graded} pass (${s.graded ? pct(s.passed / s.graded) : '–'}), conversation ${s.conversationPassed}/${s.conversation}${s.stale.length ? `, ${s.stale.length} changed since graded` : ''}`,
    )
  }
}
console.log(
  `Replies that pass every criterion of the rubric, graded by reading: ${graded ? pct(passed / graded) : '–'} of ${graded} turns; conversation turns ${conversation ? pct(conversationPassed / conversation) : '–'} of ${conversation}`,
)
console.log(
  `  by criterion: ${CRITERIA.map((c) => {
    const [ok, of] = criteria[c] as [number, number]
    return `${c} ${of ? pct(ok / of) : '–'}`
  }).join(' · ')}`,
)
for (const line of lines) console.log(line)
if (stale.length > 0)
  console.log(
    `  ${stale.length} replies changed since they were graded: write them with --replies, read them, and --record the grades\n`,
  )
else console.log('')

const set = loadSet()
const holdout = loadHoldout()
const unknown = [...unknownLabels(set), ...unknownLabels(holdout)]
if (unknown.length > 0) {
  console.error(`Labels not in the catalogue: ${unknown.join(', ')}`)
  process.exit(1)
}
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
