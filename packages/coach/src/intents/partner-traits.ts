import { chatText } from './normalize'

/**
 * What a player says of their partner's game ("baixinha, corre muito no fundo mas não gosta de
 * rede"), turned into who takes what on court: the advice on dividing the court starts from it.
 */
const TRAITS: Array<[string, RegExp]> = [
  ['baixinha', /\b(baixinh[ao]|baix[ao]|pequen[ao])\b/],
  ['alta', /\b(alt[ao]|grandona?|grandao)\b/],
  ['corre muito no fundo', /\b(corre|defende|segura|pega tudo|vai bem)\b[^.?!]{0,15}\bfundo\b/],
  [
    'não gosta de rede',
    /\b(nao gosta|odeia|evita|foge|tem medo)\b[^.?!]{0,8}\b(rede|voleio|voleiar)\b/,
  ],
  [
    'gosta de rede',
    /\b(gosta|adora|boa|bom|forte)\b (de |da |na )?(rede|voleio)\b(?<!nao gosta de rede)/,
  ],
  ['tem um bom smash', /\b(bom|boa|forte|otimo) (de )?smash\b|\bsmash (forte|bom|otimo)\b/],
]

export interface PartnerTraits {
  said: string[]
  back: boolean
  net: boolean
}

export function partnerTraits(message: string): PartnerTraits | null {
  const t = chatText(message)
  const said = TRAITS.filter(([label, re]) => {
    if (label === 'gosta de rede' && /\bnao gosta\b/.test(t)) return false
    return re.test(t)
  }).map(([label]) => label)
  if (said.length === 0) return null
  const back = said.some((s) => s === 'corre muito no fundo' || s === 'não gosta de rede')
  const net = said.some((s) => s === 'gosta de rede' || s === 'alta' || s === 'tem um bom smash')
  return { said, back: back || (said.includes('baixinha') && !net), net: net && !back }
}

/** The division that follows from the traits, in one line. */
export function traitsLine(
  traits: PartnerTraits,
  partner: { name?: string; gender?: 'MALE' | 'FEMALE' } | undefined,
  /** The player's own shoulder limits how many smashes they take. */
  shoulder = false,
): string | null {
  const female = partner?.gender === 'FEMALE'
  const of = partner?.name
    ? `d${female ? 'a' : 'o'} ${partner.name}`
    : female
      ? 'da sua parceira'
      : partner?.gender === 'MALE'
        ? 'do seu parceiro'
        : 'da sua dupla'
  const she = partner?.name
    ? partner.name
    : female
      ? 'ela'
      : partner?.gender === 'MALE'
        ? 'ele'
        : 'a dupla'
  const what = traits.said.join(', ')
  if (traits.back)
    return `Pelo que você contou ${of} (${what}), a divisão natural é: **${she} mais no fundo**, cobrindo os lobs e defendendo, e **você na rede**, com as bolas do meio na frente, as cortadas e ${shoulder ? 'os smashes que vierem fáceis; pelo seu ombro, no lob alto demais devolva com um voleio alto e fundo em vez de forçar o smash' : 'a maior parte dos smashes'}.`
  if (traits.net)
    return `Pelo que você contou ${of} (${what}), ${she} rende mais na rede: deixe ${female ? 'ela' : 'ele'} fechar a rede e os smashes, e você segura o fundo e os lobs até a bola certa para subir.`
  return null
}
