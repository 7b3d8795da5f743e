// The frame's own confirm: who asks (the page's origin as the frame verified it on every message,
// never a name the page gives), what is asked, with Reject and Approve. Only a click (or a key
// press on the focused button, which the browser turns into a click) settles it: the host page
// is another origin and cannot reach into this document, and no message can press Approve. But
// the page styles the frame, so Approve stays disabled, for the mouse and the keyboard alike,
// until the confirm has been seen (visibility-gate.ts), and goes off again whenever it is not.
import type { RequestDetails } from './describe-request'
import { type WatchVisibility, watchVisibility } from './visibility-gate'

export interface ApprovalPrompt {
  /** true on Approve, false on Reject. */
  decision: Promise<boolean>
  /** Shows that the approved work is under way. */
  working(): void
  close(): void
}

/** A node of `doc`: the frame's own document, or that of the confirm's window. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
  doc: Document = document,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag)
  node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

function rowList(rows: RequestDetails['rows'], doc: Document): HTMLDListElement {
  const list = element('dl', 'rows', undefined, doc)
  for (const row of rows) {
    list.append(element('dt', 'label', row.label, doc), element('dd', 'value', row.value, doc))
  }
  return list
}

/** The confirm's parts but its approving button: who asks, what, and Reject in the actions. */
export function drawRequest(root: HTMLElement, details: RequestDetails, pageOrigin: string) {
  const doc = root.ownerDocument
  const panel = element('section', 'panel', undefined, doc)
  panel.setAttribute('role', 'dialog')
  panel.setAttribute('aria-labelledby', 'approval-title')
  panel.setAttribute('aria-describedby', 'approval-origin')
  const title = element('h1', 'title', details.title, doc)
  title.id = 'approval-title'
  const from = element('p', 'origin', undefined, doc)
  from.id = 'approval-origin'
  from.append('Requested by ', element('strong', 'origin-value', pageOrigin, doc))
  panel.append(title, from)
  // What is asked, in words, then plain warnings, then the request as it came behind Details:
  // one scrolling box, so the title, the origin and the buttons always fit in view.
  const body = element('div', 'details', undefined, doc)
  if (details.warnings.length > 0) {
    const warnings = element('ul', 'warnings', undefined, doc)
    warnings.setAttribute('aria-label', 'Warnings')
    for (const text of details.warnings) warnings.append(element('li', 'warning-item', text, doc))
    body.append(warnings)
  }
  body.append(rowList(details.rows, doc))
  if (details.raw.length > 0) {
    const disclosure = element('details', 'raw', undefined, doc)
    disclosure.append(element('summary', 'raw-summary', 'Details', doc), rowList(details.raw, doc))
    body.append(disclosure)
  }
  panel.append(body)
  const actions = element('div', 'actions', undefined, doc)
  const reject = element('button', 'button secondary', 'Reject', doc)
  reject.type = 'button'
  actions.append(reject)
  panel.append(actions)
  return { panel, title, from, body, actions, reject }
}

/**
 * Draws the confirm for `details`, asked by the page at `pageOrigin` (the frame's verified
 * parent origin). `watch` decides when Approve may be pressed.
 */
export function showApproval(
  root: HTMLElement,
  details: RequestDetails,
  pageOrigin: string,
  watch: WatchVisibility = watchVisibility,
): ApprovalPrompt {
  const { panel, title, from, body, actions, reject } = drawRequest(root, details, pageOrigin)
  const approve = element('button', 'button primary', 'Approve', root.ownerDocument)
  approve.type = 'button'
  actions.append(approve)
  // A disabled button takes no click and no focus: the keyboard cannot reach it either.
  approve.disabled = true
  root.replaceChildren(panel)
  reject.focus()

  let decided = false
  const stopWatching = watch([title, from, body, actions], (seen) => {
    if (!decided) approve.disabled = !seen
  })
  const decision = new Promise<boolean>((resolve) => {
    const decide = (approved: boolean) => {
      decided = true
      stopWatching()
      reject.disabled = true
      approve.disabled = true
      resolve(approved)
    }
    approve.addEventListener('click', () => decide(true))
    reject.addEventListener('click', () => decide(false))
  })
  return {
    decision,
    working() {
      approve.textContent = 'Approving…'
      panel.setAttribute('aria-busy', 'true')
    },
    close() {
      stopWatching()
      root.replaceChildren()
    },
  }
}

/** Key export: the key inside the frame only, until Done. */
export function showKey(root: HTMLElement, privateKey: string): Promise<void> {
  const panel = element('section', 'panel')
  panel.setAttribute('role', 'dialog')
  panel.setAttribute('aria-labelledby', 'export-title')
  const title = element('h1', 'title', 'Your private key')
  title.id = 'export-title'
  const warning = element(
    'p',
    'warning',
    'Anyone with this key controls your wallet. Keep it secret and never share it.',
  )
  const key = element('output', 'key', privateKey)
  key.setAttribute('aria-label', 'Private key')
  const done = element('button', 'button primary', 'Done')
  done.type = 'button'
  panel.append(title, warning, key, done)
  root.replaceChildren(panel)
  done.focus()
  return new Promise((resolve) => {
    done.addEventListener('click', () => {
      root.replaceChildren()
      resolve()
    })
  })
}
