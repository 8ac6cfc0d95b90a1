import type { MemoryFact, MemoryFactKind } from '@areia/contracts/agents'

/** How the memory screen names each kind of fact, in the order it lists them. */
export const KIND_LABEL: Record<MemoryFactKind, string> = {
  PARCEIRO: 'Dupla',
  TORNEIO: 'Torneios',
  LESAO: 'Dores e lesões',
  ROTINA: 'Rotina de treinos',
  EQUIPAMENTO: 'Equipamento',
  RESULTADO: 'Resultados',
  OBJETIVO: 'Objetivos',
  OUTRO: 'Outras lembranças',
}

const ORDER = Object.keys(KIND_LABEL) as MemoryFactKind[]

/** The facts in groups by kind, in the screen's order, leaving out kinds with nothing noted. */
export function groupFacts(
  facts: readonly MemoryFact[],
): Array<{ kind: MemoryFactKind; facts: MemoryFact[] }> {
  return ORDER.map((kind) => ({ kind, facts: facts.filter((f) => f.kind === kind) })).filter(
    (g) => g.facts.length > 0,
  )
}
