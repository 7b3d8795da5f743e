// Each view is its own chunk; the modal preloads the first view together with itself so
// opening the modal is one round of requests, not two.
import type { RouterView } from '@portico/core'
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

type ViewLoader = () => Promise<{ default: ComponentType }>

const loaders: Partial<Record<RouterView, ViewLoader>> = {
  Connect: () => import('./Connect/Connect'),
  ConnectingExternal: () => import('./ConnectingExternal/ConnectingExternal'),
  Account: () => import('./Account/Account'),
  Networks: () => import('./Networks/Networks'),
  UnsupportedChain: () => import('./UnsupportedChain/UnsupportedChain'),
}

const components = new Map<RouterView, LazyExoticComponent<ComponentType>>()

export function preloadView(view: RouterView): void {
  void loaders[view]?.()
}

export function viewComponent(view: RouterView): LazyExoticComponent<ComponentType> | undefined {
  const loader = loaders[view]
  if (!loader) return undefined
  let component = components.get(view)
  if (!component) {
    component = lazy(loader)
    components.set(view, component)
  }
  return component
}
