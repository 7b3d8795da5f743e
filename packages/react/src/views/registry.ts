// Each view is its own chunk. Views are loaded with plain promises, not React.lazy: React 19
// holds back content that resolves after a Suspense fallback for up to 300 ms, which would
// be most of the time between a click and the first wallet row.
import type { RouterView } from '@portico/core'
import { type ComponentType, useEffect, useState } from 'react'

type ViewModule = { default: ComponentType }

/** The swap's views share one chunk (views/Swap/SwapViews). */
const swapViews = () => import('./Swap/SwapViews')

/** The e-mail login's views share one chunk (views/EmailLogin). */
const emailLogin = () => import('./EmailLogin/EmailLogin')

const loaders: Partial<Record<RouterView, () => Promise<ViewModule>>> = {
  Connect: () => import('./Connect/Connect'),
  ConnectingExternal: () => import('./ConnectingExternal/ConnectingExternal'),
  Account: () => import('./Account/Account'),
  Networks: () => import('./Networks/Networks'),
  UnsupportedChain: () => import('./UnsupportedChain/UnsupportedChain'),
  ConnectingWalletConnect: () => import('./ConnectingWalletConnect/ConnectingWalletConnect'),
  AllWallets: () => import('./AllWallets/AllWallets'),
  SIWXSignMessage: () => import('./SIWXSignMessage/SIWXSignMessage'),
  Receive: () => import('./Receive/Receive'),
  Send: () => import('./Send/Send'),
  SendPreview: () => import('./SendPreview/SendPreview'),
  ApproveTransaction: () => import('./ApproveTransaction/ApproveTransaction'),
  WhatIsAWallet: () => import('./WhatIsAWallet/WhatIsAWallet'),
  GetAWallet: () => import('./GetAWallet/GetAWallet'),
  TransactionSent: () => import('./TransactionSent/TransactionSent'),
  OnRampProviders: () => import('./OnRampProviders/OnRampProviders'),
  BuyInProgress: () => import('./BuyInProgress/BuyInProgress'),
  EmailVerifyOtp: emailLogin,
  UpdateEmailWallet: emailLogin,
  UpdateEmailPrimaryOtp: emailLogin,
  UpdateEmailSecondaryOtp: emailLogin,
  Swap: swapViews,
  SwapSelectToken: swapViews,
  SwapPreview: swapViews,
}

const loaded = new Map<RouterView, ComponentType>()
const loading = new Map<RouterView, Promise<ComponentType | undefined>>()

/** Starts (or joins) loading a view's chunk; resolves to its component. */
export function loadView(view: RouterView): Promise<ComponentType | undefined> {
  const ready = loaded.get(view)
  if (ready) return Promise.resolve(ready)
  let pending = loading.get(view)
  if (!pending) {
    const loader = loaders[view]
    pending = loader
      ? loader().then((module) => {
          loaded.set(view, module.default)
          return module.default
        })
      : Promise.resolve(undefined)
    pending.catch(() => loading.delete(view))
    loading.set(view, pending)
  }
  return pending
}

/** The view's component once its chunk is here; undefined while it loads. */
export function useViewComponent(view: RouterView): ComponentType | undefined {
  const [, setVersion] = useState(0)
  const component = loaded.get(view)
  useEffect(() => {
    if (loaded.has(view)) return
    let current = true
    void loadView(view).then(() => {
      if (current) setVersion((version) => version + 1)
    })
    return () => {
      current = false
    }
  }, [view])
  return component
}
