// The grades people gave the coaches' replies by reading them, kept with a hash of each reply so
// that a reply the engine no longer gives is never counted with the grade of the old one.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { type PlayerRun, runSet, loadTurnSet } from './turns'

/** The rubric's criteria: "1" pass, "0" fail, "-" does not apply. */
export const CRITERIA = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const
const Grade = z.enum(['1', '0', '-'])
const Row = z.object({
  id: z.string(),
  /** Hash of the replies the grade was given to. */
  reply: z.string(),
  grades: z.object(
    Object.fromEntries(CRITERIA.map((c) => [c, Grade])) as Record<
      (typeof CRITERIA)[number],
      typeof Grade
    >,
  ),
  note: z.string().optional(),
})
const Graded = z.object({
  player: z.string(),
  grader: z.string(),
  date: z.string(),
  rows: z.array(Row),
})
export const GradeFile = z.object({
  set: z.string(),
  rubric: z.string(),
  graded: z.array(Graded),
})
export type GradeFile = z.infer<typeof GradeFile>
type GradeRow = z.infer<typeof Row>

/** What a grader hands back: per turn, the criteria read, and why a criterion failed. */
export const GraderOutput = z.object({
  player: z.string(),
  grader: z.string(),
  rows: z.array(Row.omit({ reply: true })),
})

export function replyHash(run: PlayerRun, id: string): string {
  const turn = run.turns.find((t) => t.id === id)
  const text = (turn?.replies ?? []).map((r) => `${r.name}\n${r.text}`).join('\n---\n')
  return createHash('sha256').update(text).digest('hex').slice(0, 16)
}

const passes = (row: GradeRow) => CRITERIA.every((c) => row.grades[c] !== '0')

export interface RubricScore {
  set: string
  player: string
  /** Turns whose reply is the one graded. */
  graded: number
  passed: number
  /** Conversation turns (criterion h applies) among them, and how many pass everything. */
  conversation: number
  conversationPassed: number
  /** Turns whose reply changed since it was graded: to be read again. */
  stale: string[]
  byCriterion: Record<string, [number, number]>
}

/** The set run again on each graded player, scored only where the reply is the graded one. */
export function scoreGrades(setFile: string, gradeFile: string): RubricScore[] {
  const set = loadTurnSet(setFile)
  const grades = GradeFile.parse(JSON.parse(fs.readFileSync(gradeFile, 'utf8')))
  return grades.graded.map((g) => {
    const run = runSet(set, g.player)
    const score: RubricScore = {
      set: grades.set,
      player: g.player,
      graded: 0,
      passed: 0,
      conversation: 0,
      conversationPassed: 0,
      stale: [],
      byCriterion: Object.fromEntries(CRITERIA.map((c) => [c, [0, 0]])),
    }
    for (const row of g.rows) {
      if (replyHash(run, row.id) !== row.reply) {
        score.stale.push(row.id)
        continue
      }
      score.graded++
      const ok = passes(row)
      if (ok) score.passed++
      if (row.grades.h !== '-') {
        score.conversation++
        if (ok) score.conversationPassed++
      }
      for (const c of CRITERIA) {
        const v = row.grades[c]
        if (v === '-') continue
        const cell = score.byCriterion[c] as [number, number]
        cell[1]++
        if (v === '1') cell[0]++
      }
    }
    return score
  })
}

/** A grader's reading of a run, bound to the replies it read, added to the set's grade file. */
export function recordGrades(setFile: string, gradeFile: string, output: unknown, date: string) {
  const read = GraderOutput.parse(output)
  const run = runSet(loadTurnSet(setFile), read.player)
  const file: GradeFile = fs.existsSync(gradeFile)
    ? GradeFile.parse(JSON.parse(fs.readFileSync(gradeFile, 'utf8')))
    : {
        set: path.basename(setFile, '.json'),
        rubric: '../shared/coach-evals/README.md (criteria a–h)',
        graded: [],
      }
  const rows = read.rows.map((r) => ({ ...r, reply: replyHash(run, r.id) }))
  const others = file.graded.filter((g) => g.player !== read.player)
  const previous = file.graded.find((g) => g.player === read.player)
  // Grades of replies that did not change are kept; the new reading replaces the rest.
  const kept = (previous?.rows ?? []).filter(
    (old) => !rows.some((r) => r.id === old.id) && old.reply === replyHash(run, old.id),
  )
  file.graded = [
    ...others,
    { player: read.player, grader: read.grader, date, rows: [...kept, ...rows] },
  ]
  fs.mkdirSync(path.dirname(gradeFile), { recursive: true })
  fs.writeFileSync(gradeFile, `${JSON.stringify(file, null, 1)}\n`)
}
