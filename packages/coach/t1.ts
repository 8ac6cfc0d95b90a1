import { reply, createTeam, seededRng } from './src'
