import { shortMatchDate, type ProgressMatch } from '@areia/contracts/progress'

export {
  changeTone as deltaTone,
  formatProgressDelta as formatDelta,
  formatProgressFull as formatFull,
  formatProgressValue as formatValue,
  shortMatchDate as shortDate,
} from '@areia/contracts/progress'

/** "Jogo de 14/11, vitória": a match named in a point's label. */
export function matchName(match: ProgressMatch): string {
  const result = match.outcome === 'WON' ? ', vitória' : match.outcome === 'LOST' ? ', derrota' : ''
  return `Jogo de ${shortMatchDate(match.date)}${result}`
}
