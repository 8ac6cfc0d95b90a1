import { useEffect, useRef, type RefObject } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

// Open traps, innermost last: a dialog opened from the sidebar owns the keyboard until it closes.
const openTraps: object[] = []

/**
 * While `active`, Tab cycles inside `container`, Escape calls `onEscape`, and on release focus
 * goes back to whatever had it before (the button that opened the dialog or the sidebar).
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
): void {
  // Read at the key press: a caller's new onEscape on each render must not re-run the trap,
  // which would pull the focus back to the first field after every keystroke.
  const escape = useRef(onEscape)
  useEffect(() => {
    escape.current = onEscape
  }, [onEscape])
  useEffect(() => {
    if (!active) return
    const root = container.current
    if (!root) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const token = {}
    openTraps.push(token)
    const focusables = () => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const initial = root.querySelector<HTMLElement>('[data-autofocus]') ?? focusables()[0] ?? root
    initial.focus()

    const onKeyDown = (event: KeyboardEvent) => {
      if (openTraps[openTraps.length - 1] !== token) return
      if (event.key === 'Escape') {
        event.preventDefault()
        escape.current()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusables()
      const first = items[0]
      const last = items[items.length - 1]
      if (!first || !last) {
        event.preventDefault()
        return
      }
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      openTraps.splice(openTraps.indexOf(token), 1)
      if (previous?.isConnected) previous.focus()
    }
  }, [container, active])
}

/** Locks page scroll while `active` (the open sidebar and dialogs lock the page). */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return
    const { body } = document
    const previous = body.style.overflow
    body.style.overflow = 'hidden'
    return () => {
      body.style.overflow = previous
    }
  }, [active])
}
