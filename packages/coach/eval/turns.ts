// `npm run eval:coach -- --replies <set.json> <player> [<player>…]`: sends a set of player turns
// (singles and conversations, in the set's sequence) through the engine on each player's account
// and writes what the coaches answered, to be read and graded by the rubric.
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { Conversation, type TurnResult } from './converse'
import { PLAYERS } from './players'

const Item = z.object({
  id: z.string(),
  text: z.string(),
  category: z.string().optional(),
  expected_lead: z.string().optional(),
  expect: z.string().optional(),
})
export const TurnSet = z.object({
  singles: z.array(Item),
  conversations: z.array(z.object({ id: z.string(), turns: z.array(Item) })),
  sequence: z.array(z.object({ kind: z.enum(['single', 'conversation']), id: z.string() })),
  report_questions: z.array(Item).optional(),
})
export type TurnSet = z.infer<typeof TurnSet>
export type SetItem = z.infer<typeof Item>

/** The reference "now" of a run: a Monday morning in Brazil, two days after the newest match. */
export const EVAL_NOW = new Date('2026-12-07T13:00:00.000Z')

export interface PlayerRun {
  player: string
  profile: Record<string, unknown>
  onboarding: Array<{ host: string[]; answer: string }>
  intros: Array<{ name: string; archetype: string; text: string }>
  turns: Array<TurnResult & { expect?: string; expected_lead?: string }>
  memory: string[]
}

export function loadTurnSet(file: string): TurnSet {
  return TurnSet.parse(JSON.parse(fs.readFileSync(file, 'utf8')))
}

/** The items in the order they are sent on one account. */
export function ordered(set: TurnSet): SetItem[] {
  const out: SetItem[] = []
  for (const step of set.sequence) {
    if (step.kind === 'single') {
      const item = set.singles.find((s) => s.id === step.id)
      if (item) out.push(item)
    } else {
      out.push(...(set.conversations.find((c) => c.id === step.id)?.turns ?? []))
    }
  }
  // Report questions are asked after the rest, each on its own: a player checking the report.
  out.push(...(set.report_questions ?? []))
  return out
}

export function runSet(set: TurnSet, player: string): PlayerRun {
  const account = PLAYERS[player]
  if (!account) throw new Error(`unknown player ${player}`)
  const chat = new Conversation(account, EVAL_NOW).start()
  const turns = ordered(set).map((item) => ({
    ...chat.say(item.id, item.text),
    ...(item.expect ? { expect: item.expect } : {}),
    ...(item.expected_lead ? { expected_lead: item.expected_lead } : {}),
  }))
  return {
    player,
    profile: { ...chat.profile },
    onboarding: chat.onboarding,
    intros: chat.intros,
    turns,
    memory: chat.memory,
  }
}

/** The run as text to read: each message, what was expected, and every reply in full. */
export function readable(run: PlayerRun): string {
  const lines = [`# ${run.player}`, '', `Profile: ${JSON.stringify(run.profile)}`, '']
  for (const t of run.turns) {
    lines.push(`## ${t.id} — ${t.text}`, `<!-- ${t.reading} -->`)
    if (t.expect) lines.push(`_expect (${t.expected_lead ?? 'any'}): ${t.expect}_`)
    for (const r of t.replies) lines.push('', `**${r.name} (${r.archetype})**`, '', r.text)
    lines.push('')
  }
  lines.push('## Memory at the end', '', ...run.memory.map((m) => `- ${m}`), '')
  return lines.join('\n')
}

export function writeRuns(setFile: string, players: string[], outDir: string): string[] {
  const set = loadTurnSet(setFile)
  fs.mkdirSync(outDir, { recursive: true })
  const base = path.basename(setFile, '.json')
  return players.map((player) => {
    const run = runSet(set, player)
    const file = path.join(outDir, `${base}.${player}`)
    fs.writeFileSync(`${file}.json`, `${JSON.stringify(run, null, 1)}\n`)
    fs.writeFileSync(`${file}.md`, readable(run))
    return `${file}.md`
  })
}
