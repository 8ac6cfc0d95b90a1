import { useEffect, useRef } from 'react'
import type { SubscriptionResponse } from '@areia/contracts/billing'

/** The PIX view asks every 8 s whether the payment went through. */
export const PIX_POLL_INTERVAL_MS = 8000

/**
 * While `active`, asks for the subscription at once and then every 8 s; the first ACTIVE answer
 * stops the polling and is reported exactly once. Failed polls are only logged.
 */
export function useSubscriptionPolling(
  active: boolean,
  fetchSubscription: () => Promise<SubscriptionResponse>,
  onActive: () => void,
) {
  const latest = useRef({ fetchSubscription, onActive })
  useEffect(() => {
    latest.current = { fetchSubscription, onActive }
  })

  useEffect(() => {
    if (!active) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const subscription = await latest.current.fetchSubscription()
        if (stopped) return
        if (subscription?.status === 'ACTIVE') {
          stopped = true
          latest.current.onActive()
          return
        }
      } catch (error) {
        console.warn('PIX: a consulta da assinatura falhou; tentando de novo.', error)
      }
      if (!stopped) timer = setTimeout(() => void poll(), PIX_POLL_INTERVAL_MS)
    }
    void poll()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [active])
}
