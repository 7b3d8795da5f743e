// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { browserFrameEnvironment } from './frame-host'

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

  it('without moveBefore, stays in a dialog of its own, shown above the modal at the area', () => {
    viewArea()
    const frame = browserFrameEnvironment().mount('about:blank')
    const iframe = document.querySelector('iframe') as HTMLIFrameElement
    const layer = iframe.parentElement as HTMLDialogElement
    expect(layer.tagName).toBe('DIALOG')
    expect(layer.parentElement).toBe(document.body)
    expect(layer.open).toBe(false)
    frame.show(rect)
    // Never moved (that would reload it): its dialog opens as the topmost modal one instead.
    expect(iframe.parentElement).toBe(layer)
    expect(layer.open).toBe(true)
    expect([layer.style.top, layer.style.left, layer.style.width, layer.style.height]).toEqual([
      '100px',
      '40px',
      '360px',
      '420px',
    ])
    expect(iframe.style.display).toBe('block')
    expect(iframe.hasAttribute('aria-hidden')).toBe(false)
    // Escape does not close it: only the frame's own buttons settle what it shows.
    const cancel = new Event('cancel', { cancelable: true })
    layer.dispatchEvent(cancel)
    expect(cancel.defaultPrevented).toBe(true)
    frame.hide()
    expect(layer.open).toBe(false)
    expect(iframe.parentElement).toBe(layer)
    expect(iframe.style.display).toBe('none')
    frame.remove()
    expect(document.querySelector('dialog iframe')).toBeNull()
  })
})
