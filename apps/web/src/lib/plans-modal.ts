import { createContext, useContext } from 'react'

/**
 * Opens the plans modal from anywhere under the shell ("Seja Pro", the chat's "Enviar Vídeo"):
 * the shell owns the modal, so features reach it without importing the billing feature.
 */
export const PlansModalContext = createContext<(() => void) | null>(null)

/** Null outside the shell (a screen rendered alone in a test): callers then offer no entry. */
export function useOpenPlans(): (() => void) | null {
  return useContext(PlansModalContext)
}
