// Renders nothing until the modal is first opened; then the lazily loaded dialog takes over.
// The dialog's chunk and its first view's chunk are fetched in parallel (on hover, focus or
// open), and the dialog mounts once both are here, so it paints complete in one go.
import { modalStore, type RouterView, routerStore } from '@portico/core'
import { type ComponentType, useEffect, useState } from 'react'
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

let modalComponent: ComponentType | undefined
let modalLoading: Promise<ComponentType> | undefined

function loadModal(): Promise<ComponentType> {
  modalLoading ??= import('./modal').then((module) => {
    modalComponent = module.default
    return module.default
  })
  modalLoading.catch(() => {
    modalLoading = undefined
  })
  return modalLoading
}

/** Fetches the dialog and the view it will show first. */
export function preloadModal(): Promise<unknown> {
  return Promise.all([loadModal(), loadView(routerStore.get().view)])
}

export function ModalHost() {
  const open = useStore(modalStore, (state) => state.open)
  const [Modal, setModal] = useState<ComponentType | undefined>(() => modalComponent)
  useEffect(() => {
    if (!open || Modal) return
    let current = true
    void Promise.all([loadModal(), loadView(routerStore.get().view)]).then(([component]) => {
      if (current) setModal(() => component)
    })
    return () => {
      current = false
    }
  }, [open, Modal])
  return Modal ? <Modal /> : null
}
