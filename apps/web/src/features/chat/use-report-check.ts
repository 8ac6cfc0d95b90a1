import { useEffect, useRef } from 'react'
import { checkForReport } from './chat-api'

/**
 * `POST /api/v1/chat/check-for-report`: asked when the chat opens and whenever the
 * player comes back to it (the window regains focus or the tab becomes visible). A report it
 * hands out is passed to `onReport`, which shows it unless the conversation already has it.
 */
export function useReportCheck(
  enabled: boolean,
  onReport: (content: string, createdAt: string) => void,
): void {
  const report = useRef(onReport)
  useEffect(() => {
    report.current = onReport
  })

  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    let inFlight = false
    const check = () => {
      // Focus and visibility fire together when switching back to the tab: one call is enough.
      if (inFlight || document.visibilityState === 'hidden') return
      inFlight = true
      checkForReport(controller.signal)
        .then((answer) => {
          if ('content' in answer) report.current(answer.content, answer.created_at)
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.warn('chat: check-for-report failed', error)
        })
        .finally(() => {
          inFlight = false
        })
    }
    check()
    window.addEventListener('focus', check)
    document.addEventListener('visibilitychange', check)
    return () => {
      controller.abort()
      window.removeEventListener('focus', check)
      document.removeEventListener('visibilitychange', check)
    }
  }, [enabled])
}
