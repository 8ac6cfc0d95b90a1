import type { PartnerAllowance } from '@areia/contracts/agents'

/** "1 agente parceiro" / "3 agentes parceiros". */
export function agentsCount(n: number): string {
  return n === 1 ? '1 agente parceiro' : `${n} agentes parceiros`
}

/** The allowance line above the catalogue; limits come from the plan rows, never from code. */
export function allowanceText({ plan_name, limit, used }: PartnerAllowance): string {
  if (limit <= 0) return `O plano ${plan_name} não inclui agentes parceiros na conversa.`
  return `Plano ${plan_name}: ${used} de ${agentsCount(limit)} na conversa.`
}

/** Whether the plans modal is the way forward: nothing allowed, or everything used. */
export function shouldOfferPlans({ limit, used }: PartnerAllowance): boolean {
  return limit <= 0 || used >= limit
}

export type AnswerBlock = { kind: 'p'; parts: AnswerPart[] } | { kind: 'ul'; items: AnswerPart[][] }
export type AnswerPart = { text: string; bold: boolean }

/** `**bold**` spans of one line; an unclosed `**` stays as text. */
function inline(line: string): AnswerPart[] {
  const pieces = line.split('**')
  if (pieces.length % 2 === 0) return [{ text: line, bold: false }]
  return pieces.map((text, i) => ({ text, bold: i % 2 === 1 })).filter((p) => p.text !== '')
}

/**
 * A partner's markdown (paragraphs, `- ` lists, bold) as blocks React renders as elements, so
 * nothing from the answer ever becomes HTML.
 */
export function answerBlocks(markdown: string): AnswerBlock[] {
  return markdown
    .split(/\n{2,}/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk !== '')
    .map((chunk): AnswerBlock => {
      const lines = chunk.split('\n')
      if (lines.every((l) => l.startsWith('- ')))
        return { kind: 'ul', items: lines.map((l) => inline(l.slice(2))) }
      return { kind: 'p', parts: inline(lines.join(' ')) }
    })
}
