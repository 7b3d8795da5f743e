// Views that need more than the modal's stylesheet bring their own, injected once when their
// chunk first renders: a page pays for a view's styles only when it shows the view.
const injected = new Set<string>()

export function injectViewStyles(id: string, css: string): void {
  if (injected.has(id) || typeof document === 'undefined') return
  const style = document.createElement('style')
  style.dataset.portico = id
  style.textContent = css
  document.head.append(style)
  injected.add(id)
}
