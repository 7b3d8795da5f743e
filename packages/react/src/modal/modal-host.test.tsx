import { routerStore } from '@portico/core'
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useViewComponent } from '../views/registry'
import { preloadModal } from './modal-host'

afterEach(() => {
  cleanup()
  routerStore.reset()
})

function ShownAtOnce({ view }: { view: 'Account' | 'Networks' }) {
  return <p>{useViewComponent(view) ? 'ready' : 'loading'}</p>
}

describe('preloading the modal (hover or focus on the button)', () => {
  it('has the view the modal opens on ready, so the first paint after a click is complete', async () => {
    routerStore.set({ view: 'Account', history: ['Account'] })
    await preloadModal()
    const { container } = render(<ShownAtOnce view="Account" />)
    expect(container.textContent).toBe('ready')
  })

  it('loads no other view', async () => {
    routerStore.set({ view: 'Account', history: ['Account'] })
    await preloadModal()
    const { container } = render(<ShownAtOnce view="Networks" />)
    expect(container.textContent).toBe('loading')
    // The render started the view's import: the test waits for it, or on a loaded machine the
    // file ended first and Vitest reported the import after teardown as an error.
    await expect.poll(() => container.textContent, { timeout: 10_000 }).toBe('ready')
  })
})
