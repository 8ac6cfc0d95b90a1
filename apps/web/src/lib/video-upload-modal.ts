import { createContext, useContext } from 'react'

/**
 * Opens the video upload modal from the chat ("Enviar Vídeo"): the app composes the videos
 * feature's modal around the chat, so the chat reaches it without importing that feature.
 */
export const VideoUploadModalContext = createContext<(() => void) | null>(null)

/** Null where no host provides the modal (a screen rendered alone in a test). */
export function useOpenVideoUpload(): (() => void) | null {
  return useContext(VideoUploadModalContext)
}
