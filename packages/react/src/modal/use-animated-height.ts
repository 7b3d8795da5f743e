import { type RefObject, useLayoutEffect } from 'react'

/**
 * Gives the scrolling body an explicit height that follows its content, so the stylesheet's
 * height transition (docs/product.md#constants: modal height 150 ms) animates a change of view
 * or tab instead of the dialog jumping. The dialog's top edge is fixed by the stylesheet; only
 * its bottom edge moves.
 */
export function useAnimatedHeight(
  body: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const bodyElement = body.current
    const contentElement = content.current
    if (!bodyElement || !contentElement || typeof ResizeObserver === 'undefined') return
    const follow = () => {
      bodyElement.style.height = `${contentElement.offsetHeight}px`
    }
    follow()
    const observer = new ResizeObserver(follow)
    observer.observe(contentElement)
    return () => observer.disconnect()
  }, [body, content])
}
