import type { Sentence } from './sentences'
import type { ExtractedFact, FactFields } from './types'
import { accented, capitalize } from './words'

/** Beach tennis makers as players type them, with how the memory screen writes them. */
const BRANDS: Array<[RegExp, string]> = [
  [/\bheroes\b/, 'Heroes'],
  [/\bmormaii\b/, 'Mormaii'],
  [/\bdrop ?shot\b/, 'Drop Shot'],
  [/\bsexy(?: brand)?\b/, 'Sexy Brand'],
  [/\bkona\b/, 'Kona'],
  [/\bshark\b/, 'Shark'],
  [/\bquicksand\b/, 'Quicksand'],
  [/\brakkettone\b/, 'Rakkettone'],
  [/\bvision\b/, 'Vision'],
  [/\bmbt\b/, 'MBT'],
  [/\bkvor\b/, 'Kvor'],
  [/\bbabolat\b/, 'Babolat'],
  [/\bwilson\b/, 'Wilson'],
  [/\bhead\b/, 'Head'],
  [/\badidas\b/, 'Adidas'],
  [/\bdunlop\b/, 'Dunlop'],
  [/\bakkeron\b/, 'Akkeron'],
  [/\bturquoise\b/, 'Turquoise'],
  [/\bstarvie\b/, 'Starvie'],
  [/\bkombat\b/, 'Kombat'],
  [/\bxtreme\b/, 'Xtreme'],
  [/\blobo\b/, 'Lobo'],
  [/\bzsiber\b/, 'Zsiber'],
  [/\bbt ?sport\b/, 'BT Sport'],
]
/** Words after a maker that say something else than the model. */
const NOT_MODEL = new Set(
  'nova novo semana que e de da do com pra para mas acho ta esta eu uso hoje agora ontem ja faz usada usado minha meu bem muito boa bom top a o uma um'.split(
    ' ',
  ),
)

const OWNS =
  /\b(minha (?:nova )?raquete|uso|usando|jogo com|jogando com|comprei|ganhei|troquei|tenho uma|minha nova|peguei|estreei)\b/

/** " de 340 g": the weight said with the racket; the old one's is told by `weight`. */
function grams(t: string): string {
  const m = /\b(\d{3}) ?(?:g|gr|gramas)\b/.exec(t.replace(/\b(antiga|anterior|velha)\b.*$/, ''))
  return m ? ` de ${m[1]} g` : ''
}

/** "mais pesada que a antiga", "a antiga era de 320g": how the new racket compares. */
function weight(t: string): string {
  if (!/\b(nova|comprei|troquei|estreei|peguei|ganhei)\b/.test(t)) return ''
  const old = /\b(antiga|anterior|velha)\b[^.]*?\b(\d{3}) ?(?:g|gr|gramas)\b/.exec(t)
  if (old) return ` (a anterior tinha ${old[2]} g)`
  if (/\bmais pesad[ao]\b/.test(t)) return ' (mais pesada que a anterior)'
  if (/\bmais leve\b/.test(t)) return ' (mais leve que a anterior)'
  return ''
}

/**
 * The player's racket: maker and model when said ("uso uma Mormaii Carbon 2023"), also from the
 * sentences after the one that says it is theirs ("comprei raquete nova!! uma Shark de 340g"),
 * its weight, and the weight of the one it replaced.
 */
export function equipmentIn(
  s: Sentence,
  all: readonly Sentence[] = [s],
): ExtractedFact | undefined {
  const owns = OWNS.exec(s.text)
  if (!owns) return undefined
  const following = all.slice(all.indexOf(s) + 1).filter((o) => !o.question)
  const t = [s.text, ...following.map((o) => o.text)].join('. ')
  const after = t.slice(owns.index)
  const brand = BRANDS.map(([re, label]) => ({ m: re.exec(after), label })).find((b) => b.m)
  const racket = /\braquete\b/.test(after)
  if (!brand && !racket) return undefined
  if (/\b(nao tenho|nao uso|sem)\b(?: \w+){0,2} raquete/.test(t)) return undefined
  if (s.question && !/\bminha raquete\b/.test(t)) return undefined
  const fields: FactFields = { item: 'raquete' }
  let text: string
  if (brand?.m) {
    fields.brand = brand.label
    const model: string[] = []
    // The model is what follows the maker up to the end of the clause ("…, mais pesada").
    const clause = after.slice(brand.m.index + brand.m[0].length).split(/[,;:()]/)[0] ?? ''
    for (const w of clause.trim().split(' ')) {
      if (model.length >= 3 || !/^[a-z0-9.-]{2,14}$/.test(w) || NOT_MODEL.has(w)) break
      model.push(/^\d/.test(w) ? w : capitalize(w))
    }
    if (model.length > 0) fields.model = model.join(' ')
    text = `Raquete ${brand.label}${fields.model ? ` ${fields.model}` : ''}${grams(t)}${weight(t)}.`
  } else {
    const grams = /\b(\d{3}) ?(?:g|gr|gramas)\b/.exec(t)
    const rest = after
      .replace(/^.*?\braquete\b/, '')
      .split(' ')
      .filter((w) => w !== '')
      .slice(0, 8)
      .join(' ')
    // Without a maker or a weight, only words that describe the racket itself are kept: "minha
    // raquete passou por cima da rede" tells of a point, not of the racket.
    if (
      !grams &&
      !/\b(carbono|fibra|eva|kevlar|\d{1,2} ?k|leve|pesad\w*|maci\w*|dur[ao]|rigid\w*|nova|novo|modelo)\b/.test(
        rest,
      )
    )
      return undefined
    text = grams
      ? `Raquete de ${grams[1]} g.`
      : `Raquete${rest ? ` ${accented(rest.replace(/\be eu\b.*$/, '').trim())}` : ''}.`
  }
  return { kind: 'EQUIPAMENTO', key: 'raquete', text, fields, sentence: s.original }
}
