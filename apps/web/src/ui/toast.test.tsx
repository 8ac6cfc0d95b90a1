import { useEffect } from 'react'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  SUCCESS_NOTIFICATION_DURATION_MS,
  TOAST_DISPLAY_MS,
  TOAST_HIDE_MS,
  TOAST_SHOW_DELAY_MS,
  ToastProvider,
  useToast,
} from './toast'

type ToastApi = ReturnType<typeof useToast>
const probe: { show: ToastApi['showToast']; latest?: ToastApi['notification'] } = {
  show: () => undefined,
}

function Probe() {
  const toast = useToast()
  useEffect(() => {
    probe.show = toast.showToast
    probe.latest = toast.notification
  })
  return null
}

const toast = () => screen.queryByTestId('toast')
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms)
  })
const show = (...args: Parameters<ToastApi['showToast']>) =>
  act(() => {
    probe.show(...args)
  })

beforeEach(() => {
  vi.useFakeTimers()
  render(
    <ToastProvider>
      <Probe />
    </ToastProvider>,
  )
})
afterEach(() => {
  vi.useRealTimers()
})

describe('toast timing', () => {
  it('appears 50 ms after being asked, stays 3 s, fades for 300 ms, then is gone', () => {
    show('Senha alterada com sucesso!')
    expect(toast()).toBeNull()
    advance(TOAST_SHOW_DELAY_MS - 1)
    expect(toast()).toBeNull()
    advance(1)
    expect(toast()).toHaveTextContent('Senha alterada com sucesso!')
    expect(toast()).toHaveClass('toast--shown', 'toast--success')
    expect(toast()).toHaveAttribute('role', 'status')
    expect(probe.latest).toMatchObject({ visible: true, type: 'success', duration: 5000 })

    advance(TOAST_DISPLAY_MS - 1)
    expect(toast()).toHaveClass('toast--shown')
    advance(1)
    expect(toast()).toHaveClass('toast--hiding')
    expect(probe.latest?.visible).toBe(false)
    advance(TOAST_HIDE_MS)
    expect(toast()).toBeNull()
  })

  it('displays 3 s even when a longer duration is asked for', () => {
    show('Notificações ativadas com sucesso!', 'success', SUCCESS_NOTIFICATION_DURATION_MS)
    advance(TOAST_SHOW_DELAY_MS)
    expect(probe.latest?.duration).toBe(SUCCESS_NOTIFICATION_DURATION_MS)
    advance(TOAST_DISPLAY_MS)
    expect(toast()).toHaveClass('toast--hiding')
  })

  it('resets on a new message: the old one goes at once, the new one gets a full 3 s', () => {
    show('primeira')
    advance(TOAST_SHOW_DELAY_MS + 2000)
    show('segunda', 'error')
    expect(toast()).toBeNull()
    advance(TOAST_SHOW_DELAY_MS)
    expect(toast()).toHaveTextContent('segunda')
    expect(toast()).toHaveAttribute('role', 'alert')
    advance(TOAST_DISPLAY_MS - 1)
    expect(toast()).toHaveClass('toast--shown')
  })
})
