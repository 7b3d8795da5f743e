// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { browserFrameEnvironment } from './frameHost'

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

function viewArea(): HTMLElement {
  const dialog = document.createElement('dialog')
  const area = document.createElement('section')
  area.dataset.porticoFrameArea = ''
  dialog.append(area)
  document.body.append(dialog)
  return area
}

const rect = { top: 100, left: 40, width: 360, height: 420 }

describe('the embedded wallet frame on the page', () => {
  it('starts hidden: not displayed, out of the tab order and the accessibility tree', () => {
    const frame = browserFrameEnvironment().mount('about:blank')
    const iframe = document.querySelector('iframe')
    expect(iframe?.parentElement).toBe(document.body)
    expect(iframe?.title).toBe('Embedded wallet')
    expect(iframe?.style.display).toBe('none')
    expect(iframe?.getAttribute('aria-hidden')).toBe('true')
    expect(iframe?.tabIndex).toBe(-1)
    frame.remove()
    expect(document.querySelector('iframe')).toBeNull()
  })

  it("moves into the view's area inside the dialog where the browser keeps its page", () => {
    const area = viewArea()
    const moves: Node[] = []
    // Chromium's moveBefore keeps an iframe's document; appendChild would reload it.
    const moveBefore = function (this: Element, node: Node, child: Node | null) {
      moves.push(node)
      this.insertBefore(node, child)
    }
    Object.defineProperty(Element.prototype, 'moveBefore', {
      value: moveBefore,
      configurable: true,
    })
    try {
      const frame = browserFrameEnvironment().mount('about:blank')
      const iframe = document.querySelector('iframe') as HTMLIFrameElement
      frame.show(rect)
      expect(iframe.parentElement).toBe(area)
      expect(iframe.style.display).toBe('block')
      expect(iframe.style.position).toBe('static')
      expect(iframe.style.height).toBe('420px')
      expect(iframe.hasAttribute('aria-hidden')).toBe(false)
      frame.hide()
      expect(iframe.parentElement).toBe(document.body)
      expect(iframe.style.display).toBe('none')
      expect(moves).toHaveLength(2)
    } finally {
      Reflect.deleteProperty(Element.prototype, 'moveBefore')
    }
  })

  it('is placed over the area where it cannot be moved without a reload', () => {
    viewArea()
    const frame = browserFrameEnvironment().mount('about:blank')
    const iframe = document.querySelector('iframe') as HTMLIFrameElement
    frame.show(rect)
    expect(iframe.parentElement).toBe(document.body)
    expect(iframe.style.position).toBe('fixed')
    expect([iframe.style.top, iframe.style.left, iframe.style.width]).toEqual([
      '100px',
      '40px',
      '360px',
    ])
  })
})
