import { z } from 'zod'

/** The three archetypes of a player's exclusive team (SPEC §1). */
export const Archetype = z.enum(['TECNICO', 'MENTAL', 'ESTATISTICO'])
export type Archetype = z.infer<typeof Archetype>

/** How the archetype is written after "Coach " in the chat (SPEC §2: `{nome}` + `Coach {arquétipo}`). */
export const ARCHETYPE_LABEL: Record<Archetype, string> = {
  TECNICO: 'Técnico',
  MENTAL: 'Mental',
  ESTATISTICO: 'Estatístico',
}
