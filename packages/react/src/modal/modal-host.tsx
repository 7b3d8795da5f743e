// Renders nothing until the modal is first opened; then the lazily loaded dialog takes over.
// The dialog's chunk and its first view's chunk are fetched in parallel (on hover, focus or
// open), and the dialog mounts once both are here, so it paints complete in one go.
import { modalStore, type RouterView, routerStore } from '@portico/core'
import { useEffect, useState } from 'react'
import { useStore } from '../hooks/use-store'

// The views a modal opens on are fetched from here, beside the dialog's chunk; the loaders of
// every view (views/registry, about 1 KB gzipped with their chunk lists) come with the dialog's
// chunk instead of with the page. Any other first view waits for the registry.
const firstViewChunks: Partial<Record<RouterView, () => Promise<unknown>>> = {
  Connect: () => import('../views/connect/connect'),
  Account: () => import('../views/account/account'),
}

function loadView(view: RouterView): Promise<unknown> {
  return Promise.all([
    firstViewChunks[view]?.(),
    import('../views/registry').then((registry) => registry.loadView(view)),
  ])
}

type ModalChunk = typeof import('./modal')

let modal: ModalChunk | undefined
let modalLoading: Promise<ModalChunk> | undefined

function loadModal(): Promise<ModalChunk> {
  modalLoading ??= import('./modal').then((chunk) => {
    // The host's theme options, kept since createPortico, before the dialog first draws.
    chunk.applyInitialTheme()
    modal = chunk
    return chunk
  })
  modalLoading.catch(() => {
    modalLoading = undefined
  })
  return modalLoading
}

/** Fetches the dialog and the view it will show first. */
export function preloadModal() {
  return Promise.all([loadModal(), loadView(routerStore.get().view)])
}

export function ModalHost() {
  const open = useStore(modalStore, (state) => state.open)
  const [Modal, setModal] = useState(() => modal?.default)
  // A hover, focus or press fetched the dialog and its first view already: the dialog renders in
  // the click's own commit, a frame before the effect below would have it (after a paint).
  if (!Modal && open && modal?.isViewLoaded(routerStore.get().view)) setModal(() => modal?.default)
  useEffect(() => {
    if (!open || Modal) return
    let current = true
    void preloadModal().then(([chunk]) => {
      if (current) setModal(() => chunk.default)
    })
    return () => {
      current = false
    }
  }, [open, Modal])
  return Modal ? <Modal /> : null
}
