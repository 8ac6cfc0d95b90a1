import { byGender } from '@areia/contracts/agreement'
import { categoryText, firstName } from './profile'
import { formatHeight } from './text'
import type { CoachPersona, CoachReply, PlayerProfile, Team } from './types'

function article(coach: CoachPersona): { seu: string; o: string } {
  return coach.persona.pronoun === 'ela' ? { seu: 'sua', o: 'a' } : { seu: 'seu', o: 'o' }
}

function handWord(profile: PlayerProfile): string | null {
  if (profile.dominant_hand === 'LEFT') return byGender(profile.gender, 'canhoto', 'canhota')
  if (profile.dominant_hand === 'RIGHT') return byGender(profile.gender, 'destro', 'destra')
  return null
}

/** "iniciante, canhoto e com 1,78 m" from whatever the profile has. */
function portrait(profile: PlayerProfile): string | null {
  const bits: string[] = []
  const category = categoryText(profile)
  if (category)
    bits.push(category === 'iniciante' || category === 'profissional' ? category : `da ${category}`)
  const hand = handWord(profile)
  if (hand) bits.push(hand)
  if (profile.height_cm) bits.push(`com ${formatHeight(profile.height_cm)}`)
  if (bits.length === 0) return null
  return bits.length === 1
    ? (bits[0] ?? null)
    : `${bits.slice(0, -1).join(', ')} e ${bits[bits.length - 1] ?? ''}`
}

function technicalHook(profile: PlayerProfile): string {
  if (profile.dominant_hand === 'LEFT')
    return `Ser ${handWord(profile) ?? 'canhoto'} é vantagem: seu saque e seus ângulos saem ao contrário do que a maioria está acostumada, e a gente vai explorar isso.`
  if (profile.height_cm && profile.height_cm >= 183)
    return 'Com essa altura, o smash e a cobertura dos lobs podem virar a sua marca.'
  if (profile.height_cm && profile.height_cm < 165)
    return 'Com agilidade e posicionamento, a gente transforma os lobs dos adversários em bolas suas.'
  return 'Vamos construir seu jogo a partir de fundamentos sólidos: voleio firme, saque consistente e boa leitura de lob.'
}

function tecnico(coach: CoachPersona, profile: PlayerProfile, name: string | null): string {
  const { seu, o } = article(coach)
  const who = portrait(profile)
  return [
    `Oi${name ? `, ${name}` : ''}! Eu sou ${coach.name}, ${seu} coach técnic${o}. ${coach.persona.background}`,
    who ? `Vi que você é ${who}. ${technicalHook(profile)}` : technicalHook(profile),
    `Comigo o foco vai ser **${coach.persona.focus}**, sempre com exercício, repetição e um detalhe de execução por vez.`,
    'Para começar: qual golpe você sente que mais te custa pontos hoje?',
  ].join('\n\n')
}

function mental(coach: CoachPersona, profile: PlayerProfile, name: string | null): string {
  const { seu, o } = article(coach)
  const goal = profile.goal?.trim()
  return [
    `${name ? `${name}, prazer!` : 'Prazer!'} Sou ${coach.name}, ${seu} coach mental. ${coach.persona.background}`,
    goal
      ? `Você contou que o seu objetivo é “${goal.length > 100 ? `${goal.slice(0, 97)}…` : goal}”. Vou te ajudar a chegar lá com a cabeça no lugar: rotina entre pontos, respiração e confiança depois dos erros.`
      : 'Vou te ajudar a jogar com a cabeça no lugar: rotina entre pontos, respiração e confiança depois dos erros.',
    `Meu foco com você: **${coach.persona.focus}**. Fique à vontade para me contar também o que sente em quadra; é por aí que eu começo.`,
    `Me conta: como você costuma ficar nos pontos decisivos, como o ponto de ouro no 40–40? Pode falar comigo com @${coach.name}, ou com a equipe toda com @equipe. Sou ${o} coach da cabeça, não do placar.`,
  ].join('\n\n')
}

function estatistico(coach: CoachPersona, profile: PlayerProfile, name: string | null): string {
  const { seu, o } = article(coach)
  const perWeek = profile.training_per_week
  const load =
    perWeek === null || perWeek === undefined
      ? 'Vou acompanhar a sua carga de treino e a sua evolução ao longo das semanas.'
      : perWeek === 0
        ? 'Você me disse que ainda treina menos de uma vez por semana: vamos medir a evolução a partir daí, sem pressa.'
        : `Você treina cerca de ${perWeek} ${perWeek === 1 ? 'vez' : 'vezes'} por semana: vou usar isso para planejar e medir a sua evolução.`
  return [
    `Olá${name ? `, ${name}` : ''}! Sou ${coach.name}, ${seu} coach estatístic${o}. ${coach.persona.background}`,
    load,
    'Um combinado importante: **ainda não tenho números do seu jogo**, e não vou inventar nenhum. Quando você mandar o primeiro jogo pelo **Enviar Vídeo**, eu meço a sua posição em quadra (rede, meio e fundo), o quanto você se desloca, a distância para a sua dupla e os ralis, e um analista humano revisa tudo antes do relatório.',
    'Até lá, posso montar a sua semana de treino: me conta quais dias você tem para treinar e jogar, e no que quer focar.',
  ].join('\n\n')
}

/** Each coach introduces itself in turn (técnico, mental, estatístico), about this player. */
export function introductions(team: Team, profile: PlayerProfile): CoachReply[] {
  const name = firstName(profile)
  return team.coaches.map((coach) => {
    switch (coach.archetype) {
      case 'TECNICO':
        return { coachId: coach.id, text: tecnico(coach, profile, name) }
      case 'MENTAL':
        return { coachId: coach.id, text: mental(coach, profile, name) }
      case 'ESTATISTICO':
        return { coachId: coach.id, text: estatistico(coach, profile, name) }
    }
  })
}
