import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useAuth } from '../../lib/auth/auth-context'
import { VideoUploadModalContext } from '../../lib/video-upload-modal'
import { LoadingModal } from '../../ui/loading-modal'
import { asksForUpload } from './upload-request'
import { MODAL_RESET_MS } from './video-text'

// Downloaded the first time the modal opens: the chat paints without it.
const UploadModal = lazy(async () => ({ default: (await import('./upload-modal')).UploadModal }))

/**
 * Provides "Enviar Vídeo" to the chat. Closing hides the modal at once and resets it about
 * 200 ms later, by remounting it; an upload in flight lives outside and goes on.
 */
export function UploadModalHost({ children }: { children: ReactNode }) {
  // Arriving with OPEN_VIDEO_UPLOAD opens the modal at once, for those the chat lets send a video
  // (the others get the plans from the chat's own button).
  const location = useLocation()
  const navigate = useNavigate()
  const paying = useAuth().user?.payment_status === 'PAYMENT_OK'
  const asked = asksForUpload(location.state)
  const [open, setOpen] = useState(() => asked && paying)
  // Mounted from the first opening on, so a closing modal still resets after MODAL_RESET_MS.
  const [used, setUsed] = useState(open)
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
    setUsed(true)
  }, [])
  const hide = useCallback(() => {
    setOpen(false)
    clearReset()
    resetTimer.current = window.setTimeout(() => {
      resetTimer.current = null
      setGeneration((n) => n + 1)
    }, MODAL_RESET_MS)
  }, [])

  // The request is used once: going back or reloading does not open the modal again.
  useEffect(() => {
    if (asked)
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null })
  }, [asked, navigate, location.pathname, location.search])

  return (
    <VideoUploadModalContext.Provider value={show}>
      {children}
      {used ? (
        <Suspense fallback={open ? <LoadingModal onClose={hide} /> : null}>
          <UploadModal key={generation} open={open} onClose={hide} />
        </Suspense>
      ) : null}
    </VideoUploadModalContext.Provider>
  )
}
