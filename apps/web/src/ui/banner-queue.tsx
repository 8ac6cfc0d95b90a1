import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react'

type Queue = { claim: (name: string, wants: boolean) => void; current: string | null }

const BannerQueueContext = createContext<Queue | null>(null)

/**
 * One banner at a time above the page: on a phone two stacked banners leave little of the chat.
 * Each banner says whether it has something to show; the first of `order` that does is shown,
 * and the next one gets its turn when it is dismissed.
 */
export function BannerQueue({
  order,
  children,
}: {
  order: readonly string[]
  children: ReactNode
}) {
  const [wanting, setWanting] = useState<ReadonlySet<string>>(() => new Set())
  const claim = useCallback((name: string, wants: boolean) => {
    setWanting((previous) => {
      if (previous.has(name) === wants) return previous
      const next = new Set(previous)
      if (wants) next.add(name)
      else next.delete(name)
      return next
    })
  }, [])
  const current = order.find((name) => wanting.has(name)) ?? null
  const value = useMemo(() => ({ claim, current }), [claim, current])
  return <BannerQueueContext.Provider value={value}>{children}</BannerQueueContext.Provider>
}

/** True when the banner `name`, which `wants` to show, is the one shown now. */
export function useBannerTurn(name: string, wants: boolean): boolean {
  const queue = useContext(BannerQueueContext)
  const claim = queue?.claim
  // Before paint: a banner that holds its place must have it in the first frame, or the page
  // below it jumps down one frame later.
  useLayoutEffect(() => {
    claim?.(name, wants)
  }, [claim, name, wants])
  useLayoutEffect(() => () => claim?.(name, false), [claim, name])
  // Outside a queue (a page on its own, a test), a banner shows whenever it has something.
  return queue ? wants && queue.current === name : wants
}
