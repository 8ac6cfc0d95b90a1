import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SubscriptionResponse } from '@areia/contracts/billing'
import { PIX_POLL_INTERVAL_MS, useSubscriptionPolling } from './use-subscription-polling'

const active: SubscriptionResponse = {
  plan: { id: 2, name: 'Pro' },
  billing_cycle: 'MONTHLY',
  status: 'ACTIVE',
  expires_at: '2026-12-23T12:00:00.000Z',
  withdrawal_until: null,
}

// Lets the pending answer settle (and the next timer be armed) without moving the clock.
const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0)
  })

describe('PIX polling', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('asks at once, then every 8 s, and stops at the first ACTIVE answer', async () => {
    const answers: SubscriptionResponse[] = [null, { ...active, status: 'EXPIRED' }, active]
    let asked = 0
    const fetchSubscription = vi.fn(() => Promise.resolve(answers[Math.min(asked++, 2)] ?? null))
    const onActive = vi.fn()
    renderHook(() => useSubscriptionPolling(true, fetchSubscription, onActive))
    await flush()
    expect(fetchSubscription).toHaveBeenCalledTimes(1)

    await act(async () => vi.advanceTimersByTimeAsync(PIX_POLL_INTERVAL_MS - 1))
    expect(fetchSubscription).toHaveBeenCalledTimes(1)
    await act(async () => vi.advanceTimersByTimeAsync(1))
    expect(fetchSubscription).toHaveBeenCalledTimes(2)
    expect(onActive).not.toHaveBeenCalled()

    await act(async () => vi.advanceTimersByTimeAsync(PIX_POLL_INTERVAL_MS))
    expect(fetchSubscription).toHaveBeenCalledTimes(3)
    expect(onActive).toHaveBeenCalledTimes(1)

    await act(async () => vi.advanceTimersByTimeAsync(PIX_POLL_INTERVAL_MS * 3))
    expect(fetchSubscription).toHaveBeenCalledTimes(3)
    expect(onActive).toHaveBeenCalledTimes(1)
  })

  it('keeps polling after a failed request, and not at all while inactive or unmounted', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const fetchSubscription = vi
      .fn<() => Promise<SubscriptionResponse>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(null)
    const onActive = vi.fn()
    const { rerender, unmount } = renderHook(
      ({ on }) => useSubscriptionPolling(on, fetchSubscription, onActive),
      { initialProps: { on: false } },
    )
    await act(async () => vi.advanceTimersByTimeAsync(PIX_POLL_INTERVAL_MS * 2))
    expect(fetchSubscription).not.toHaveBeenCalled()

    rerender({ on: true })
    await flush()
    expect(fetchSubscription).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledTimes(1)
    await act(async () => vi.advanceTimersByTimeAsync(PIX_POLL_INTERVAL_MS))
    expect(fetchSubscription).toHaveBeenCalledTimes(2)

    unmount()
    await act(async () => vi.advanceTimersByTimeAsync(PIX_POLL_INTERVAL_MS * 3))
    expect(fetchSubscription).toHaveBeenCalledTimes(2)
    expect(onActive).not.toHaveBeenCalled()
  })
})
