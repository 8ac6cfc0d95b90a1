import { z } from 'zod'

/** The three archetypes of a player's exclusive team. */
export const Archetype = z.enum(['TECNICO', 'MENTAL', 'ESTATISTICO'])
export type Archetype = z.infer<typeof Archetype>

/** How the archetype is written after "Coach " in the chat (`{nome}` + `Coach {arquétipo}`). */
export const ARCHETYPE_LABEL: Record<Archetype, string> = {
  TECNICO: 'Técnico',
  MENTAL: 'Mental',
  ESTATISTICO: 'Estatístico',
}

/** The label agreeing with the coach: a woman is "Coach Técnica", "Coach Estatística". */
export function archetypeLabel(archetype: Archetype, pronoun?: string | null): string {
  const label = ARCHETYPE_LABEL[archetype]
  return pronoun === 'ela' && label.endsWith('o') ? `${label.slice(0, -1)}a` : label
}
