/** Navigation state that opens the upload modal on arrival at the chat ("Enviar um vídeo"). */
export const OPEN_VIDEO_UPLOAD = { openVideoUpload: true } as const

export function asksForUpload(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'openVideoUpload' in state
    ? state.openVideoUpload === true
    : false
}
