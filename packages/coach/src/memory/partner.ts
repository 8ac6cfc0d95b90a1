import { handLabel } from '@areia/contracts'
import type { Sentence } from './sentences'
import type { ExtractedFact, FactFields } from './types'
import { isFirstName, nameGender } from './first-names'
import { capitalize } from './words'

const PARTNER_WORD = /\b(minha|meu)( nova| novo)? (parceir[oa]|dupla|companheir[oa])\b/
/** "jogo com a Carla", "torneio com o Beto", "minha dupla vai ser a Lu". */
const WITH_NAME =
  /\b(?:jogo|jogando|jogar|jogamos|jogo junto|treino|treinando|treinar|treinamos|torneio|campeonato|etapa|dupla|junto|juntas|juntos|vou|vamos|fechei|fechamos) (?:\w+ ){0,5}?com (a|o) ([a-z]{2,15})\b/
/** "minha parceira é a Lu", "meu parceiro Rafa", "minha dupla, a Carol", "minha dupla vai ser a Bia". */
const AFTER_WORD =
  /\b(?:minha|meu)(?: nova| novo)? (?:parceir[oa]|dupla|companheir[oa])(?: de dupla| nov[oa]| atual)?(?:,| e| se chama| chama| vai ser| sera| agora e)?(?: (a|o))? ([a-z]{2,15})\b/
/** "minha parceira no open de janeiro é a Larissa": the name after what the sentence says of it. */
const LATER_IN_SENTENCE =
  /\b(?:minha|meu) (?:parceir[oa]|dupla)\b[^.;?!]{1,40}? (?:e|eh|vai ser|sera) (a|o) ([a-z]{2,15})\b/
/** "não, o Diego é canhoto!": a name said with a hand, correcting or telling the partner's. */
const NAME_HAND =
  /\b(a|o) ([a-z]{2,15}) (?:e|eh|joga de|joga com a mao|na verdade e) (?:canhot[oa]|destr[oa])\b/
/** "a Lu é minha parceira", "o Beto, meu parceiro". */
const BEFORE_WORD =
  /\b(a|o) ([a-z]{2,15}),? (?:e |que e )?(?:minha|meu)(?: nova| novo)? (?:parceir[oa]|dupla|companheir[oa])\b/

/**
 * The player's partner in doubles: name, gender and hand, from "minha parceira é a Lu, ela é
 * canhota", "vou jogar o torneio com a Carla", "meu parceiro novo é canhoto". A word is taken as
 * the name only when it is a name (a known first name, or capitalised mid-sentence and no common
 * word): "minha dupla vai sacar" names nobody. "Não tenho parceiro" gives nothing.
 */
export function partnerIn(s: Sentence): ExtractedFact | undefined {
  const t = s.text
  const word = PARTNER_WORD.exec(t)
  const candidates = [
    AFTER_WORD.exec(t),
    WITH_NAME.exec(t),
    BEFORE_WORD.exec(t),
    LATER_IN_SENTENCE.exec(t),
    NAME_HAND.exec(t),
  ]
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ article: m[1], name: m[2] ?? '' }))
  const named = candidates.find((c) => isFirstName(c.name, s.original))
  if (!word && !named) return undefined
  if (
    /\b(nao tenho|sem|procuro|procurando|preciso de|busco|queria)\b(?: \w+){0,2} (parceir|dupla)/.test(
      t,
    )
  )
    return undefined
  // A question about a partner ("minha dupla vai sacar, onde fico?") tells a name only when it says one.
  if (s.question && !named) return undefined
  const fields: FactFields = {}
  if (named) fields.name = capitalize(named.name)
  const kind = word?.[3] ?? ''
  const byName = named ? nameGender(named.name) : undefined
  if (/parceira|companheira/.test(kind) || named?.article === 'a' || byName === 'FEMALE')
    fields.gender = 'FEMALE'
  else if (/parceiro|companheiro/.test(kind) || named?.article === 'o' || byName === 'MALE')
    fields.gender = 'MALE'
  else if (/\bela\b/.test(t)) fields.gender = 'FEMALE'
  else if (/\bele\b/.test(t)) fields.gender = 'MALE'
  // The hand belongs to the partner unless the player speaks of themself ("eu sou canhota").
  const hand = /\b(canhot[oa]|destr[oa])\b/.exec(t)
  if (hand && !/\b(eu sou|sou) (canhot|destr)/.test(t))
    fields.hand = /canhot/.test(hand[1] ?? '') ? 'LEFT' : 'RIGHT'
  if (!fields.name && !fields.hand && !fields.gender) return undefined
  return {
    kind: 'PARCEIRO',
    // One fact per partner: the tournament's and the weekly game's are both kept.
    key: fields.name ? `parceiro:${fields.name.toLowerCase()}` : 'parceiro',
    text: partnerText(fields),
    fields,
    sentence: s.original,
  }
}

/** "Parceira: Lu, canhota."; "Parceiro canhoto."; "Dupla: Carol." */
export function partnerText(f: FactFields): string {
  const who = f.gender === 'FEMALE' ? 'Parceira' : f.gender === 'MALE' ? 'Parceiro' : 'Dupla'
  const hand = f.hand ? handLabel(f.hand, f.gender ?? null).toLowerCase() : ''
  if (f.name) return `${who}: ${f.name}${hand ? `, ${hand}` : ''}.`
  return `${who}${hand ? ` ${hand}` : ' de dupla'}.`
}
