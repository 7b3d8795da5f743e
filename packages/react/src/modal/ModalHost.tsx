// Renders nothing until the modal is first opened; then the lazily loaded dialog takes over.
import { modalStore, routerStore } from '@portico/core'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useStore } from '../hooks/useStore'
import { preloadView } from '../views/registry'

const loadModal = () => import('./Modal')
const LazyModal = lazy(loadModal)

/** Fetches the dialog and the view it will show first, in parallel (hover, focus, open). */
export function preloadModal(): void {
  void loadModal()
  preloadView(routerStore.get().view)
}

export function ModalHost() {
  const open = useStore(modalStore, (state) => state.open)
  const [wanted, setWanted] = useState(open)
  useEffect(() => {
    if (open) {
      preloadModal()
      setWanted(true)
    }
  }, [open])
  if (!wanted && !open) return null
  return (
    <Suspense fallback={null}>
      <LazyModal />
    </Suspense>
  )
}
