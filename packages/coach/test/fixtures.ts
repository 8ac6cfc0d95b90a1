import { createTeam, seededRng, type PlayerProfile, type Team } from '../src'

export const LEFTY: PlayerProfile = {
  name: 'Ana Paula',
  category: 'C',
  height_cm: 168,
  dominant_hand: 'LEFT',
  gender: 'FEMALE',
  goal: 'Subir para a B este ano',
  goal_focus: 'SUBIR_CATEGORIA',
  training_per_week: 3,
}

export const RIGHTY: PlayerProfile = {
  ...LEFTY,
  name: 'Bruno',
  dominant_hand: 'RIGHT',
  gender: 'MALE',
}

export function team(seed = 7, profile: PlayerProfile = LEFTY): Team {
  return createTeam({ profile, rng: seededRng(seed) })
}
