// The confirm where the browser cannot tell what is painted over the frame (no
// IntersectionObserver v2: Firefox and Safari today). There a page could cover the frame with a
// decoy that lets clicks through, and a click meant for the decoy would land on Approve once the
// wait is over. So the frame itself holds no Approve: it shows what is asked, Reject, and
// 'Approve in a window', which opens the frame's own page as a window of its own, a popup the
// page cannot paint over, whose address bar shows the frame's origin. The confirm is drawn
// there by this frame (the window is of its origin), Approve behind the same wait. A click on a
// decoy over 'Approve in a window' only opens that window: it approves nothing.
import { type ApprovalPrompt, drawRequest, element, showApproval } from './approval-view'
import type { RequestDetails } from './describe-request'
import { copyTheme } from './theme'
import { type VisibilityEnvironment, watchVisibility } from './visibility-gate'

export const OPEN_WINDOW_LABEL = 'Approve in a window'
export const WINDOW_OPEN_NOTE = 'Approve or reject in the window that opened.'
export const WINDOW_BLOCKED_MESSAGE =
  'The browser blocked the window: allow pop-ups for this site, then try again.'

/** Long enough for the frame's page to load in the window; past it the window is left alone. */
const WINDOW_LOAD_TIMEOUT_MS = 15_000
const WINDOW_LOAD_POLL_MS = 50

/** The frame's page in a popup of its own (from a click in the frame: the browser allows it). */
export function openConfirmWindow(): Window | null {
  return window.open(window.location.href, '_blank', 'popup,width=420,height=600')
}

/** The visibility checks of the window's own document, for its Approve. */
function environmentOf(win: Window): VisibilityEnvironment {
  const observer = (win as Window & typeof globalThis).IntersectionObserver
  return {
    document: win.document,
    window: win,
    IntersectionObserver: observer,
    schedule(callback, ms) {
      const handle = setTimeout(callback, ms)
      return () => clearTimeout(handle)
    },
  }
}

/**
 * Calls `then` with the window's `#app` once the frame's page has loaded there (its script stays
 * silent in a window without a parent). Nothing when the window is closed, or not ours.
 */
function whenLoaded(win: Window, then: (root: HTMLElement) => void): void {
  const started = Date.now()
  const look = () => {
    if (win.closed || Date.now() - started > WINDOW_LOAD_TIMEOUT_MS) return
    let root: HTMLElement | null = null
    try {
      const loaded = win.location.href !== 'about:blank' && win.document.readyState === 'complete'
      root = loaded ? win.document.getElementById('app') : null
    } catch {
      // Navigated elsewhere, to another origin: not ours to draw in.
      return
    }
    if (root) then(root)
    else setTimeout(look, WINDOW_LOAD_POLL_MS)
  }
  look()
}

/**
 * Draws, in the frame, what `details` asks with Reject and 'Approve in a window'; the decision
 * comes from Reject here, or from the confirm in the window.
 */
export function showApprovalInWindow(
  root: HTMLElement,
  details: RequestDetails,
  pageOrigin: string,
  open: () => Window | null = openConfirmWindow,
): ApprovalPrompt {
  const { panel, actions, reject } = drawRequest(root, details, pageOrigin)
  const opener = element('button', 'button primary', OPEN_WINDOW_LABEL, root.ownerDocument)
  opener.type = 'button'
  actions.append(opener)
  const note = element('p', 'note', undefined, root.ownerDocument)
  note.setAttribute('role', 'status')
  panel.append(note)
  root.replaceChildren(panel)
  reject.focus()

  let current: { win: Window; prompt?: ApprovalPrompt } | undefined
  let decided = false
  let settle: (approved: boolean) => void = () => {}
  const decision = new Promise<boolean>((resolve) => {
    settle = resolve
  })

  function closeWindow() {
    current?.prompt?.close()
    if (current && !current.win.closed) current.win.close()
    current = undefined
  }

  function decide(approved: boolean) {
    if (decided) return
    decided = true
    reject.disabled = true
    opener.disabled = true
    if (!approved) closeWindow()
    settle(approved)
  }

  reject.addEventListener('click', () => decide(false))
  opener.addEventListener('click', () => {
    if (decided) return
    // The window still open (gone behind the page, say) comes back to the front; one the
    // visitor closed gives way to a new one.
    if (current && !current.win.closed) {
      current.win.focus()
      return
    }
    closeWindow()
    const win = open()
    if (!win) {
      note.textContent = WINDOW_BLOCKED_MESSAGE
      return
    }
    note.textContent = WINDOW_OPEN_NOTE
    const opened: { win: Window; prompt?: ApprovalPrompt } = { win }
    current = opened
    whenLoaded(win, (windowRoot) => {
      if (current !== opened || decided) return
      copyTheme(root.ownerDocument.documentElement, win.document.documentElement)
      const prompt = showApproval(windowRoot, details, pageOrigin, (targets, onChange) =>
        watchVisibility(targets, onChange, environmentOf(win)),
      )
      opened.prompt = prompt
      win.focus()
      void prompt.decision.then((approved) => {
        if (current === opened) decide(approved)
      })
    })
  })

  return {
    decision,
    working() {
      current?.prompt?.working()
      opener.textContent = 'Approving…'
      panel.setAttribute('aria-busy', 'true')
    },
    close() {
      closeWindow()
      root.replaceChildren()
    },
  }
}
