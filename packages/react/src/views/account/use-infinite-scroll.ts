import { type RefObject, useEffect, useRef } from 'react'

/**
 * Calls `onReach` when the sentinel scrolls into view. `version` (the items shown) observes
 * afresh after each page, so a sentinel still in view asks for the next one.
 */
export function useInfiniteScroll(
  enabled: boolean,
  version: number,
  onReach: () => void,
): RefObject<HTMLDivElement | null> {
  const sentinel = useRef<HTMLDivElement>(null)
  const latest = useRef(onReach)
  latest.current = onReach
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page observes afresh
  useEffect(() => {
    const element = sentinel.current
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [enabled, version])
  return sentinel
}
