import type { Intent } from '../intents/registry'
import { WEEK, WEEKDAY_LABEL, type Weekday } from '../intents/slots'
import type { Level } from '../knowledge/types'
import type { PlayerProfile } from '../types'
import {
  minutesText,
  planText,
  sessionLine,
  sessionsOn,
  todayText,
  type TrainingPlan,
  weeklyTotal,
} from './plan'
import type { PlanQuestion } from './questions'
import { sessionText } from './session'
import type { PlanChange } from './turn'

/**
 * The gym on the week's free days: two of them, away from the day before a session when the week
 * allows, so the legs arrive fresh on court.
 */
function gymDays(plan: TrainingPlan, now: Date, profile: PlayerProfile): string {
  const sessions = sessionsOn(plan, now)
  const busy = new Set(sessions.map((s) => s.day))
  const free = WEEK.filter((d) => !busy.has(d))
  const before = (d: Weekday) => busy.has(WEEK[(WEEK.indexOf(d) + 1) % 7] as Weekday)
  const ranked = [...free.filter((d) => !before(d)), ...free.filter(before)]
  const picked: Weekday[] = []
  for (const d of ranked) {
    if (picked.length === 2) break
    // Two gym days in a row leave no recovery between them.
    if (picked.some((p) => Math.abs(WEEK.indexOf(p) - WEEK.indexOf(d)) === 1)) continue
    picked.push(d)
  }
  if (picked.length === 0)
    return 'A sua semana já tem quadra todo dia: a academia entra no fim de um treino mais leve, 30 a 40 minutos de força, nunca antes da quadra.'
  const days = picked.sort((a, b) => WEEK.indexOf(a) - WEEK.indexOf(b)).map((d) => WEEKDAY_LABEL[d])
  const line = `Academia na **${days.join('** e na **')}**, dias sem quadra${picked.some(before) ? '' : ' e que não são véspera de treino'}: ${picked.length === 2 ? '2 sessões' : '1 sessão'} de 40 a 50 minutos, com pernas (agachamento, avanço, terra romeno), core que resiste à rotação e manguito com elástico.`
  const legs = picked.some(before)
    ? 'Na véspera de quadra, deixe as pernas leves: nesse dia, mais core e parte de cima.'
    : 'Assim as pernas chegam descansadas nos dias de quadra.'
  const shoulder = /\bombro|manguito\b/.test((profile.goal ?? '').toLowerCase())
    ? 'Pensando no seu ombro: nada de desenvolvimento com carga acima da cabeça; manguito e escápulas com elástico em toda sessão.'
    : null
  return [line, legs, ...(shoulder ? [shoulder] : [])].join('\n\n')
}

/** Two sessions on consecutive days: the second one lighter. */
function closeTo(plan: TrainingPlan, day: Weekday): string {
  const i = WEEK.indexOf(day)
  const near = plan.sessions.find((s) => s.day !== day && Math.abs(WEEK.indexOf(s.day) - i) === 1)
  return near
    ? ` Como ${WEEKDAY_LABEL[near.day]} e ${WEEKDAY_LABEL[day]} ficaram em dias seguidos, faça o segundo mais leve (técnica e pontos, sem físico pesado).`
    : ''
}

/**
 * A game on a day of the week the player was invited to: on a rest day it fits, and the session
 * after it is the one to keep light; on a training day the game takes that session's place.
 */
function extraGame(plan: TrainingPlan, day: Weekday, now: Date): string {
  const sessions = sessionsOn(plan, now)
  const same = sessions.find((s) => s.day === day)
  const next = sessions.find((s) => WEEK.indexOf(s.day) === (WEEK.indexOf(day) + 1) % 7)
  const label = WEEKDAY_LABEL[day]
  if (same)
    return `Pode ir, e não precisa dobrar: ${label} já tem ${same.kind === 'jogo' ? 'jogo' : 'treino'} no seu plano (${minutesText(same.minutes)}), então o jogo entra no lugar dele. Jogue com um tema do plano na cabeça (por exemplo, colocar o saque em jogo e subir junto com a dupla) e a semana segue igual.`
  return [
    `Pode ir, não atrapalha: ${label} é dia de descanso no seu plano, e jogar pontos com outras pessoas também é treino.`,
    next
      ? `Só não transforme em maratona: ${WEEKDAY_LABEL[next.day]} você tem ${minutesText(next.minutes)} de treino, então jogue umas duas horas no máximo, hidrate bem e, se acordar cansado, faça a sessão de ${WEEKDAY_LABEL[next.day]} mais leve.`
      : 'Só não transforme em maratona: umas duas horas no máximo, e hidrate bem.',
    'O plano continua como estava.',
  ].join(' ')
}

const dayWithArticle = (day: keyof typeof WEEKDAY_LABEL) =>
  `${day === 'sabado' || day === 'domingo' ? 'No' : 'Na'} ${WEEKDAY_LABEL[day]}`

/**
 * The statistical coach on the player's plan: the new one, a change to it (in one line, then the
 * day), a day of it, today's session, the week's total, or how much time to give a subject.
 */
export function planReply(input: {
  intent: Intent
  plan: TrainingPlan | null
  change: PlanChange | null
  question: PlanQuestion | undefined
  /** The subject of the question before ("quanto tempo dedico a isso?"). */
  previous: Intent | undefined
  planRequested: boolean
  profile: PlayerProfile
  level: Level
  now: Date
}): string | null {
  const { plan, change, question, now } = input
  if (question?.kind === 'SESSION')
    return sessionText(question.request, input.level, input.profile.gender === 'FEMALE')
  if (question?.kind === 'ALLOCATE') return allocation(input.previous, input.profile, plan, now)
  if (!plan) return null
  if (change === 'CREATED')
    return [
      'Montei a sua semana com o que você me contou e deixei guardada aqui:',
      planText(plan, now),
      'Quando quiser, pergunte "qual é meu treino de hoje?", ou me avise se a semana mudar que eu ajusto.',
    ].join('\n\n')
  if (question?.kind === 'ADD') {
    const added = plan.sessions.find((s) => s.day === question.day)
    if (!added) return null
    if (change !== 'ADJUSTED')
      return [
        `${question.day === 'sabado' || question.day === 'domingo' ? 'O' : 'A'} ${WEEKDAY_LABEL[question.day]} já está no seu plano (${added.minutes} min), então nada mudou:`,
        sessionLine(added),
      ].join('\n\n')
    return [
      `Incluí ${question.day === 'sabado' || question.day === 'domingo' ? 'o' : 'a'} ${WEEKDAY_LABEL[question.day]} no seu plano (${added.minutes} min); o resto da semana continua igual. Se era só uma ideia, me avisa que eu tiro.`,
      sessionLine(added),
      `Agora são ${weeklyTotal(sessionsOn(plan, now))} por semana.`,
    ].join('\n\n')
  }
  if (change === 'ADJUSTED' && input.intent.id === 'plano-ajustar')
    return [
      'Ajustei só esta semana (até domingo); depois o plano volta ao normal.',
      planText(plan, now),
    ].join('\n\n')
  if (question?.kind === 'DAY') {
    const session = sessionsOn(plan, now).find((s) => s.day === question.day)
    if (!session)
      return `${dayWithArticle(question.day)} o seu plano não tem treino: é dia de descanso. Se quiser treinar nesse dia, me diga quanto tempo você tem que eu incluo.`
    return [
      `${dayWithArticle(question.day)}, na ordem (${session.minutes} min):`,
      session.items
        .map((item, i) => `${i + 1}. ${item.charAt(0).toUpperCase()}${item.slice(1)}`)
        .join('\n'),
    ].join('\n\n')
  }
  if (question?.kind === 'TOTAL') {
    const sessions = sessionsOn(plan, now)
    const days = sessions.map((s) => `${WEEKDAY_LABEL[s.day]} (${s.minutes} min)`)
    return `Continua o mesmo: ${sessions.length} ${sessions.length === 1 ? 'treino' : 'treinos'} por semana, ${days.join(', ')}: **${weeklyTotal(sessions)} por semana** no total. Ele só muda quando você me pedir.`
  }
  if (question?.kind === 'TOMORROW')
    return todayText(plan, new Date(now.getTime() + 86_400_000)).replace(/^Hoje/, 'Amanhã')
  if (question?.kind === 'TODAY') return todayText(plan, now)
  if (question?.kind === 'SPLIT') {
    const sessions = sessionsOn(plan, now)
    const session =
      sessions.find((s) => s.day === question.day) ??
      [...sessions].sort((a, b) => b.minutes - a.minutes)[0]
    if (!session) return null
    const block = Math.round((session.minutes - 10) / 2 / 5) * 5
    return `Dá, e ajuda com o cansaço do fim: ${dayWithArticle(session.day).toLowerCase()}, os ${session.minutes} min viram **dois blocos de ${block} min com 10 min de pausa** no meio (água, sombra, sentar). No primeiro, aquecimento e fundamentos, que pedem a cabeça descansada; no segundo, pontos valendo placar, que é como o cansaço aparece no jogo de verdade. O resto da semana continua igual.`
  }
  if (question?.kind === 'GYM') return gymDays(plan, now, input.profile)
  if (question?.kind === 'EXTRA') return extraGame(plan, question.day, now)
  if (question?.kind === 'MOVE') {
    const moved = plan.sessions.find((s) => s.day === question.to)
    if (change !== 'ADJUSTED' || !moved)
      return plan.sessions.some((s) => s.day === question.from)
        ? `${dayWithArticle(question.to)} você já tem treino no plano, então não mudei nada: me diga se quer juntar os dois ou trocar ${WEEKDAY_LABEL[question.from]} por outro dia.`
        : `${dayWithArticle(question.from)} o seu plano não tem treino, então não havia o que mudar.`
    return [
      `Feito: o treino de ${WEEKDAY_LABEL[question.from]} passou para ${WEEKDAY_LABEL[question.to]}${moved.time ? `, ${moved.time}` : ''}, com os mesmos ${minutesText(moved.minutes)}; o resto da semana continua igual.${closeTo(plan, question.to)}`,
      planText(plan, now),
    ].join('\n\n')
  }
  if (question?.kind === 'RESIZE') {
    const resized = plan.sessions.find((s) => s.day === question.day)
    if (!resized)
      return `${dayWithArticle(question.day)} o seu plano não tem treino; se quiser, me diga que eu incluo ${question.day === 'sabado' || question.day === 'domingo' ? 'o' : 'a'} ${WEEKDAY_LABEL[question.day]} com ${minutesText(question.minutes)}.`
    return [
      `Ajustei ${question.day === 'sabado' || question.day === 'domingo' ? 'o' : 'a'} ${WEEKDAY_LABEL[question.day]} para ${minutesText(resized.minutes)}: ficou o essencial, na ordem; o resto da semana continua igual.`,
      sessionLine(resized),
      `Agora são ${weeklyTotal(sessionsOn(plan, now))} por semana.`,
    ].join('\n\n')
  }
  if (question?.kind === 'SHOW')
    return ['O seu plano, do jeito que ficou guardado:', planText(plan, now)].join('\n\n')
  if (input.intent.id === 'plano-hoje')
    return ['O seu plano, do jeito que ficou guardado:', planText(plan, now)].join('\n\n')
  return null
}

/** "com a frequência que eu treino, quanto tempo por treino eu dedico a isso?" */
function allocation(
  subject: Intent | undefined,
  profile: PlayerProfile,
  plan: TrainingPlan | null,
  now: Date,
): string {
  const what = subject && subject.domain !== 'conversa' ? subject.label : 'isso'
  const sessions = plan ? sessionsOn(plan, now).length : (profile.training_per_week ?? null)
  if (!sessions)
    return `Para ${what}, uns 15 a 20 minutos por treino, logo depois do aquecimento, rendem mais do que um treino inteiro uma vez por mês. Me diz quantas vezes por semana você treina que eu fecho a conta.`
  const per = sessions >= 4 ? '15' : sessions >= 2 ? '20' : '30'
  const week = Number(per) * sessions
  return `Com ${sessions} ${sessions === 1 ? 'treino' : 'treinos'} por semana, dedique **${per} minutos de cada treino** a ${what}, logo depois do aquecimento, enquanto você ainda está ${profile.gender === 'FEMALE' ? 'descansada' : 'descansado'}: são uns ${week} minutos por semana. Em três ou quatro semanas dá para sentir a diferença; depois, mantenha uns 10 minutos por treino.`
}
