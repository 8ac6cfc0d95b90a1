import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { VideoUploadModalContext } from '../../lib/video-upload-modal'
import { UploadModal } from './upload-modal'
import { MODAL_RESET_MS } from './video-text'

/**
 * Provides "Enviar Vídeo" to the chat. Closing hides the modal at once and resets it about
 * 200 ms later (SPEC §9), by remounting it; an upload in flight lives outside and goes on.
 */
export function UploadModalHost({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false)
  const [generation, setGeneration] = useState(0)
  const resetTimer = useRef<number | null>(null)

  const clearReset = () => {
    if (resetTimer.current !== null) window.clearTimeout(resetTimer.current)
    resetTimer.current = null
  }
  useEffect(() => clearReset, [])

  const show = useCallback(() => {
    clearReset()
    setOpen(true)
  }, [])
  const hide = useCallback(() => {
    setOpen(false)
    clearReset()
    resetTimer.current = window.setTimeout(() => {
      resetTimer.current = null
      setGeneration((n) => n + 1)
    }, MODAL_RESET_MS)
  }, [])

  return (
    <VideoUploadModalContext.Provider value={show}>
      {children}
      <UploadModal key={generation} open={open} onClose={hide} />
    </VideoUploadModalContext.Provider>
  )
}
