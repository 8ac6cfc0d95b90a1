import { handLabel } from '@areia/contracts'
import type { Sentence } from './sentences'
import type { ExtractedFact, FactFields } from './types'
import { capitalize } from './words'

/** Words that follow "minha parceira"/"jogo com a" and are not a name. */
const NOT_A_NAME = new Set(
  'e que nova novo ta esta joga jogava canhota canhoto destra destro de do da das dos la ai mais muito bem sempre ja hoje galera turma pessoal minha meu mesma mesmo dupla parceira parceiro raquete bola gente tambem agora ainda quando sao eram era tem teve fixa fixo atual antiga antigo outra outro uma um esquerda direita rede fundo esposa marido namorada namorado amiga amigo irma irmao mae pai filha filho professor professora e so nao vez'.split(
    ' ',
  ),
)

const PARTNER_WORD = /\b(minha|meu)( nova| novo)? (parceir[oa]|dupla|companheir[oa])\b/
const WITH_NAME =
  /\b(?:jogo|jogando|jogar|jogamos|treino|treinando|treinar)(?: de dupla| em dupla| junto)? com (?:a |o )?(?:minha |meu )?(?:parceir[oa] |dupla )?([a-z]{2,15})\b/

/**
 * The player's partner in doubles: name, gender and hand, from "minha parceira é a Lu, ela é
 * canhota", "jogo com o Beto", "meu parceiro novo é canhoto". "Não tenho parceiro" gives nothing.
 */
export function partnerIn(s: Sentence): ExtractedFact | undefined {
  const t = s.text
  const word = PARTNER_WORD.exec(t)
  // "jogando com a raquete…": "com a" says a partner only when a name follows.
  const withName = WITH_NAME.exec(t)?.[1]
  if (!word && (!withName || NOT_A_NAME.has(withName))) return undefined
  if (
    /\b(nao tenho|sem|procuro|procurando|preciso de|busco|queria)\b(?: \w+){0,2} (parceir|dupla)/.test(
      t,
    )
  )
    return undefined
  if (s.question && !word) return undefined
  const fields: FactFields = {}
  // "minha dupla a Carol", "meu parceiro Rafa", "minha parceira é a Lu".
  const named =
    /\b(?:minha|meu)(?: nova| novo)? (?:parceir[oa]|dupla|companheir[oa])(?: de dupla| nov[oa]| atual)?(?: e| se chama| chama)?(?: (a|o))? ([a-z]{2,15})\b/.exec(
      t,
    )
  let name = named?.[2]
  let article = named?.[1]
  if (!name || NOT_A_NAME.has(name)) {
    name = withName
    article = /com (a|o) /.exec(t)?.[1]
  }
  if (name && !NOT_A_NAME.has(name)) fields.name = capitalize(name)
  const kind = word?.[3] ?? ''
  if (/parceira|companheira/.test(kind) || article === 'a' || /\bela\b/.test(t))
    fields.gender = 'FEMALE'
  else if (/parceiro|companheiro/.test(kind) || article === 'o' || /\bele\b/.test(t))
    fields.gender = 'MALE'
  // The hand belongs to the partner unless the player speaks of themself ("eu sou canhota").
  const hand = /\b(canhot[oa]|destr[oa])\b/.exec(t)
  if (hand && !/\b(eu sou|sou) (canhot|destr)/.test(t))
    fields.hand = /canhot/.test(hand[1] ?? '') ? 'LEFT' : 'RIGHT'
  if (!fields.name && !fields.hand && !fields.gender) return undefined
  return {
    kind: 'PARCEIRO',
    key: 'parceiro',
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
