// Where the embedded wallet frame lives on the page: a hidden iframe, child of document.body,
// shown only while it asks the visitor to approve something (placed over the modal's view),
// and the page's message listener. Tests pass an environment of their own.

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
      document.body.appendChild(iframe)
      return {
        get target() {
          return iframe.contentWindow
        },
        show(rect) {
          // The modal is a <dialog> opened with showModal(): everything outside it is inert, a
          // frame drawn over it from document.body included. Where the browser can move a
          // node without reloading it (moveBefore keeps an iframe's page), the frame moves
          // into the view's area inside the dialog; elsewhere it is placed over that area.
          const area = document.querySelector(FRAME_AREA_SELECTOR)
          if (area && iframe.parentElement !== area && canMoveWithoutReload(area))
            area.moveBefore(iframe, null)
          const inside = area !== null && (iframe.parentElement as Element | null) === area
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
          hideStyle(iframe)
          if (iframe.parentElement !== document.body && canMoveWithoutReload(document.body))
            document.body.moveBefore(iframe, null)
          iframe.style.position = 'fixed'
        },
        remove() {
          iframe.remove()
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
