// Each view is its own chunk. Views are loaded with plain promises, not React.lazy: React 19
// holds back content that resolves after a Suspense fallback for up to 300 ms, which would
// be most of the time between a click and the first wallet row.
import type { RouterView } from '@portico/core'
import { type ComponentType, useEffect, useState } from 'react'

type ViewModule = { default: ComponentType }

/** The swap's views share one chunk (views/swap-views). */
const swapViews = () => import('./swap-views/swap-views')

/** The e-mail login's views share one chunk (views/email-login). */
const emailLogin = () => import('./email-login/email-login')

/** Registering a name: the form and its pending-then-success view share one chunk. */
const registerName = () => import('./register-account-name/register-account-name')

const loaders: Partial<Record<RouterView, () => Promise<ViewModule>>> = {
  Connect: () => import('./connect/connect'),
  ConnectingExternal: () => import('./connecting-external/connecting-external'),
  ConnectingSocial: () => import('./connecting-social/connecting-social'),
  Account: () => import('./account/account'),
  Networks: () => import('./networks/networks'),
  UnsupportedChain: () => import('./unsupported-chain/unsupported-chain'),
  ConnectingWalletConnect: () => import('./connecting-wallet-connect/connecting-wallet-connect'),
  ConnectingFarcaster: () => import('./connecting-farcaster/connecting-farcaster'),
  AllWallets: () => import('./all-wallets/all-wallets'),
  SIWXSignMessage: () => import('./siwx-sign-message/siwx-sign-message'),
  Receive: () => import('./receive/receive'),
  Send: () => import('./send/send'),
  SendPreview: () => import('./send-preview/send-preview'),
  ApproveTransaction: () => import('./approve-transaction/approve-transaction'),
  WhatIsAWallet: () => import('./what-is-a-wallet/what-is-a-wallet'),
  GetAWallet: () => import('./get-a-wallet/get-a-wallet'),
  TransactionSent: () => import('./transaction-sent/transaction-sent'),
  SwapComplete: () => import('./swap-complete/swap-complete'),
  OnRampProviders: () => import('./on-ramp-providers/on-ramp-providers'),
  BuyInProgress: () => import('./buy-in-progress/buy-in-progress'),
  EmailVerifyOtp: emailLogin,
  UpdateEmailWallet: emailLogin,
  UpdateEmailPrimaryOtp: emailLogin,
  UpdateEmailSecondaryOtp: emailLogin,
  ExportEmbeddedKey: emailLogin,
  RegisterAccountName: registerName,
  RegisterAccountNameSuccess: registerName,
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

/** Whether the view's chunk is here: the dialog can show it in the commit that opens it. */
export function isViewLoaded(view: RouterView): boolean {
  return loaded.has(view)
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
