import type { MemoryProfileBody, MemoryResponse } from '@areia/contracts/agents'
import { handLabel } from '@areia/contracts/agreement'
import { DominantHand, Gender } from '@areia/contracts/enums'

export type ProfileForm = {
  name: string
  category: string
  height_cm: string
  dominant_hand: string
  gender: string
  goal: string
  training_per_week: string
}

export const CATEGORY_OPTIONS: Array<[string, string]> = [
  ['INICIANTE', 'Iniciante'],
  ['D', 'D'],
  ['C', 'C'],
  ['B', 'B'],
  ['A', 'A'],
  ['PROFISSIONAL', 'Profissional'],
]
/**
 * The dominant-hand choices, labelled to agree with the gender the form holds ("Destra" for a
 * woman); with no gender (or one that turns no word) the label shows both forms.
 */
export function handOptions(gender: string): Array<[DominantHand, string]> {
  const parsed = Gender.safeParse(gender)
  const known = parsed.success ? parsed.data : null
  return DominantHand.options.map((hand) => [hand, handLabel(hand, known)])
}
export const GENDER_OPTIONS: Array<[string, string]> = [
  ['FEMALE', 'Feminino'],
  ['MALE', 'Masculino'],
  ['OTHER', 'Outro'],
  ['UNDISCLOSED', 'Prefiro não dizer'],
]

export function toForm(profile: MemoryResponse['profile']): ProfileForm {
  const text = (v: string | number | null) => (v === null ? '' : String(v))
  return {
    name: text(profile.name),
    category: text(profile.category),
    height_cm: text(profile.height_cm),
    dominant_hand: text(profile.dominant_hand),
    gender: text(profile.gender),
    goal: text(profile.goal),
    training_per_week: text(profile.training_per_week),
  }
}

/** A whole number typed by the player, or null when left empty; NaN keeps the server's message. */
function whole(value: string): number | null {
  const t = value.trim()
  return t === '' ? null : Number(t.replace(',', '.'))
}

/**
 * Only what changed goes to the server; an emptied field is sent as null, which is how the player
 * makes the team forget it.
 */
export function profilePatch(
  before: MemoryResponse['profile'],
  form: ProfileForm,
): MemoryProfileBody {
  const next = {
    name: form.name.trim() || null,
    category: form.category || null,
    height_cm: whole(form.height_cm),
    dominant_hand: form.dominant_hand || null,
    gender: form.gender || null,
    goal: form.goal.trim() || null,
    training_per_week: whole(form.training_per_week),
  }
  const patch: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(next))
    if (value !== before[key as keyof typeof before]) patch[key] = value
  return patch
}
