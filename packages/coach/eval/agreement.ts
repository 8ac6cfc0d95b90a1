import type { CoachPersona, PlayerProfile } from '../src'

/** Adjectives that agree with the person they describe, in their masculine form. */
const ADJECTIVES = [
  'nervoso',
  'tenso',
  'ansioso',
  'cansado',
  'preparado',
  'frustrado',
  'chateado',
  'irritado',
  'desanimado',
  'motivado',
  'travado',
  'focado',
  'concentrado',
  'inseguro',
  'seguro',
  'tranquilo',
  'calmo',
  'sozinho',
  'bravo',
  'exausto',
  'esgotado',
  'machucado',
  'lesionado',
  'pronto',
  'animado',
  'acostumado',
  'empolgado',
  'confuso',
  'travado',
  'obrigado',
  'canhoto',
  'destro',
  'iniciante',
]

const feminine = (m: string) => (m.endsWith('o') ? `${m.slice(0, -1)}a` : m)

const SECOND_PERSON =
  '(?:voc[eê]|vc)\\s+(?:est[aá]|fica|ficar|ficou|[eé]|estiver|estava|anda|se sente|se sentir|sente|sentir|continua|parece)(?:\\s+(?:muito|mais|t[aã]o|meio|um pouco|bem|super))?\\s+'

/**
 * Words in a reply that do not agree with the player's or the coach's gender, hedges like
 * "Obrigado(a)", category phrases like "Na iniciante", and marks left unfilled.
 */
export function agreementErrors(
  text: string,
  profile: PlayerProfile,
  coach?: Pick<CoachPersona, 'persona' | 'archetype'>,
): string[] {
  const errors: string[] = []
  if (/\w\((?:a|as|os|o)\)/.test(text)) errors.push('hedge "(a)"')
  if (/\[\[|\]\]|\{(?:forehand|backhand|\w)\}/.test(text)) errors.push('unfilled mark')
  if (/\b[Nn][ao] (?:iniciante|[ABCD])(?=[\s,.;:!?)]|$)/.test(text))
    errors.push('category without "categoria"')
  const female = profile.gender === 'FEMALE'
  const male = profile.gender === 'MALE'
  for (const m of ADJECTIVES) {
    const f = feminine(m)
    if (f === m) continue
    const wrong = female ? m : male ? f : null
    if (!wrong) continue
    const re = new RegExp(`${SECOND_PERSON}${wrong}\\b`, 'i')
    if (re.test(text)) errors.push(`player "${wrong}"`)
  }
  if (female && /\b(?:como|sendo|por ser) (?:canhoto|destro)\b/i.test(text))
    errors.push('player hand in the masculine')
  if (female && /\bbem-vindo\b/i.test(text)) errors.push('"bem-vindo" to a woman')
  if (male && /\bbem-vinda\b/i.test(text)) errors.push('"bem-vinda" to a man')
  if (coach) {
    const she = coach.persona.pronoun === 'ela'
    if (she && /\bcoach (?:técnico|estatístico)\b/i.test(text)) errors.push('coach role masculine')
    if (!she && /\bcoach (?:técnica|estatística)\b/i.test(text)) errors.push('coach role feminine')
    if (she && /(?:^|[.!?]\s+)Obrigado\b/.test(text)) errors.push('coach "Obrigado"')
    if (!she && /(?:^|[.!?]\s+)Obrigada\b/.test(text)) errors.push('coach "Obrigada"')
  }
  return errors
}
