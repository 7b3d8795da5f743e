import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OPEN_WINDOW_LABEL, showApprovalInWindow, WINDOW_BLOCKED_MESSAGE } from './approval-window'
import type { RequestDetails } from './describe-request'

const DETAILS: RequestDetails = {
  title: 'Sign message',
  rows: [{ label: 'Message', value: 'Hello' }],
  warnings: [],
  raw: [],
}
const PAGE = 'https://app.example.com'

function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent === name)
  if (!found) throw new Error(`no ${name} button`)
  return found
}

describe('the confirm where Approve is in a window of its own', () => {
  let root: HTMLElement
  beforeEach(() => {
    root = document.createElement('main')
    document.body.append(root)
  })
  afterEach(() => {
    root.remove()
  })

  it('holds no Approve in the frame: who asks, what, Reject and the window’s button', () => {
    showApprovalInWindow(root, DETAILS, PAGE, () => null)
    expect(root.querySelector('[role="dialog"]')?.textContent).toContain(`Requested by ${PAGE}`)
    const names = [...root.querySelectorAll('button')].map((b) => b.textContent)
    expect(names).toEqual(['Reject', OPEN_WINDOW_LABEL])
  })

  it('says so when the browser blocks the window, and the request still waits for a decision', async () => {
    const prompt = showApprovalInWindow(root, DETAILS, PAGE, () => null)
    button(OPEN_WINDOW_LABEL).click()
    expect(root.querySelector('[role="status"]')?.textContent).toBe(WINDOW_BLOCKED_MESSAGE)
    expect(WINDOW_BLOCKED_MESSAGE).toBe(
      'The browser blocked the window: allow pop-ups for this site, then try again.',
    )
    let settled: boolean | undefined
    void prompt.decision.then((approved) => {
      settled = approved
    })
    await Promise.resolve()
    expect(settled).toBeUndefined()
    button('Reject').click()
    expect(await prompt.decision).toBe(false)
  })
})
