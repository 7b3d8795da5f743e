// Where the embedded wallet frame lives on the page: a hidden iframe, child of document.body
// (or of a dialog of its own where moveBefore is missing), shown only while it asks the visitor
// to approve something (in or over the modal's view), and the page's message listener. Tests
// pass an environment of their own.

export interface FrameRect {
  top: number
  left: number
  width: number
  height: number
}

/** What the client posts to: the iframe's window. */
export interface FrameTarget {
  postMessage(message: unknown, targetOrigin: string): void
}

/** A message event as the client reads it. */
export interface FrameMessageEvent {
  data: unknown
  origin: string
  source: unknown
}

export interface MountedFrame {
  /** The iframe's window: the only source whose messages are read. */
  readonly target: FrameTarget | null
  show(rect: FrameRect): void
  hide(): void
  remove(): void
}

export interface FrameEnvironment {
  /** The page's own origin, which the frame is told so it posts back to it only. */
  readonly parentOrigin: string
  mount(src: string): MountedFrame
  listen(listener: (event: FrameMessageEvent) => void): () => void
}

/** Above the modal (z-index 999): the frame's confirm covers the view's area. */
const FRAME_Z_INDEX = '1000'

function hideStyle(iframe: HTMLIFrameElement): void {
  // display:none still loads the page; the frame is out of the tab order and the a11y tree.
  iframe.style.display = 'none'
  iframe.setAttribute('aria-hidden', 'true')
  iframe.tabIndex = -1
}

/** The element of the ApproveTransaction view the frame is shown in. */
export const FRAME_AREA_SELECTOR = '[data-portico-frame-area]'

interface MovingParent {
  moveBefore(node: Node, child: Node | null): void
}

function canMoveWithoutReload(parent: Element): parent is Element & MovingParent {
  return typeof (parent as Partial<MovingParent>).moveBefore === 'function'
}

const LAYER_STYLE = `dialog[data-portico-frame-layer]::backdrop { background: transparent; }`

/**
 * Where moveBefore is missing (moving an iframe elsewhere reloads its page, and the wallet's
 * state with it), the iframe lives from the start in a <dialog> of its own. Shown with
 * showModal() it enters the top layer above the modal's dialog: the topmost modal dialog is the
 * one the browser keeps interactive, so the frame's buttons take clicks there. Closed, the
 * dialog is display:none, which still loads the frame.
 */
function createLayer(iframe: HTMLIFrameElement): HTMLDialogElement {
  const layer = document.createElement('dialog')
  layer.dataset.porticoFrameLayer = ''
  layer.setAttribute('aria-label', 'Embedded wallet')
  const style = layer.style
  style.position = 'fixed'
  style.margin = '0'
  style.padding = '0'
  style.border = '0'
  style.background = 'transparent'
  style.maxWidth = 'none'
  style.maxHeight = 'none'
  style.overflow = 'hidden'
  style.right = 'auto'
  style.bottom = 'auto'
  if (!document.querySelector('style[data-portico="frame-layer"]')) {
    const sheet = document.createElement('style')
    sheet.dataset.portico = 'frame-layer'
    sheet.textContent = LAYER_STYLE
    document.head.append(sheet)
  }
  // Only the frame's own buttons settle what it shows: Escape does not close it.
  layer.addEventListener('cancel', (event) => event.preventDefault())
  layer.append(iframe)
  document.body.appendChild(layer)
  return layer
}

export function browserFrameEnvironment(): FrameEnvironment {
  return {
    parentOrigin: window.location.origin,
    mount(src) {
      const iframe = document.createElement('iframe')
      iframe.src = src
      iframe.title = 'Embedded wallet'
      iframe.dataset.porticoFrame = ''
      iframe.style.position = 'fixed'
      iframe.style.border = '0'
      iframe.style.colorScheme = 'normal'
      iframe.style.zIndex = FRAME_Z_INDEX
      hideStyle(iframe)
      const layer = canMoveWithoutReload(document.body) ? undefined : createLayer(iframe)
      if (!layer) document.body.appendChild(iframe)
      let shown = false
      // A browser may close a modal dialog on a repeated Escape whatever its cancel listener
      // says; while the frame is meant to be seen it opens again.
      layer?.addEventListener('close', () => {
        if (shown) layer.showModal()
      })
      return {
        get target() {
          return iframe.contentWindow
        },
        show(rect) {
          shown = true
          // The modal is a <dialog> opened with showModal(): everything outside it is inert, a
          // frame drawn over it from document.body included. Where the browser can move a
          // node without reloading it (moveBefore keeps an iframe's page), the frame moves
          // into the view's area inside the dialog; elsewhere its own dialog is shown above.
          const area = document.querySelector(FRAME_AREA_SELECTOR)
          if (!layer && area && iframe.parentElement !== area && canMoveWithoutReload(area))
            area.moveBefore(iframe, null)
          const inside = layer !== undefined || (iframe.parentElement as Element | null) === area
          if (layer) {
            layer.style.top = `${rect.top}px`
            layer.style.left = `${rect.left}px`
            layer.style.width = `${rect.width}px`
            layer.style.height = `${rect.height}px`
            if (!layer.open) layer.showModal()
          }
          iframe.style.position = inside ? 'static' : 'fixed'
          iframe.style.top = inside ? '' : `${rect.top}px`
          iframe.style.left = inside ? '' : `${rect.left}px`
          iframe.style.width = inside ? '100%' : `${rect.width}px`
          iframe.style.height = `${rect.height}px`
          iframe.style.display = 'block'
          iframe.removeAttribute('aria-hidden')
          iframe.tabIndex = 0
          iframe.focus()
        },
        hide() {
          shown = false
          hideStyle(iframe)
          if (layer) {
            if (layer.open) layer.close()
            return
          }
          if (iframe.parentElement !== document.body && canMoveWithoutReload(document.body))
            document.body.moveBefore(iframe, null)
          iframe.style.position = 'fixed'
        },
        remove() {
          shown = false
          ;(layer ?? iframe).remove()
        },
      }
    },
    listen(listener) {
      const onMessage = (event: MessageEvent) => listener(event)
      window.addEventListener('message', onMessage)
      return () => window.removeEventListener('message', onMessage)
    },
  }
}
