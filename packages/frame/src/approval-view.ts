// The frame's own confirm: what is asked, with Reject and Approve. Only a click (or a key press
// on the focused button, which the browser turns into a click) settles it: the host page is
// another origin and cannot reach into this document, and no message can press Approve.
import type { RequestDetails } from './describe-request'

export interface ApprovalPrompt {
  /** true on Approve, false on Reject. */
  decision: Promise<boolean>
  /** Shows that the approved work is under way. */
  working(): void
  close(): void
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

export function showApproval(
  root: HTMLElement,
  details: RequestDetails,
  dappName: string | undefined,
): ApprovalPrompt {
  const panel = element('section', 'panel')
  panel.setAttribute('role', 'dialog')
  panel.setAttribute('aria-labelledby', 'approval-title')
  const title = element('h1', 'title', details.title)
  title.id = 'approval-title'
  panel.append(title)
  if (dappName) panel.append(element('p', 'origin', `Requested by ${dappName}`))
  const list = element('dl', 'details')
  for (const row of details.rows) {
    list.append(element('dt', 'label', row.label), element('dd', 'value', row.value))
  }
  panel.append(list)
  const actions = element('div', 'actions')
  const reject = element('button', 'button secondary', 'Reject')
  const approve = element('button', 'button primary', 'Approve')
  reject.type = 'button'
  approve.type = 'button'
  actions.append(reject, approve)
  panel.append(actions)
  root.replaceChildren(panel)
  reject.focus()

  const decision = new Promise<boolean>((resolve) => {
    const decide = (approved: boolean) => {
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
