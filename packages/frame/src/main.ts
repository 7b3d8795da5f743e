// The frame page's entry: reads its configuration, answers the host page's requests (only those
// the gate lets through), and says FRAME_READY. Without a valid configuration or a parent it
// stays silent: it has no origin it could safely post to.

import frameRequestSchema from 'virtual:frame-request-schema'
import type { FrameOutgoing } from '@portico/protocol/embedded-wallet-frame'
import { createChainCatalog } from './chain-catalog'
import { createConnectedOrigins } from './connected-origins'
import { createFrameApp } from './frame-app'
import { readFrameConfig } from './frame-config'
import { createFrameStorage, type KeyValueStore } from './frame-storage'
import { createMessageGate } from './message-gate'
import { createRpcProxy } from './rpc-proxy'
import { openStorageSeal } from './storage-seal'
import { createWalletApi } from './wallet-api'
import { indexedDbWrapKeys, type WrapKeyStore } from './wrap-key-store'
import './frame.css'

/** localStorage, or memory when the browser refuses storage to a framed page. */
function openStore(): KeyValueStore {
  try {
    window.localStorage.getItem('@portico-wallet/probe')
    return window.localStorage
  } catch {
    const memory = new Map<string, string>()
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    }
  }
}

/**
 * IndexedDB, where the frame's wrap key lives; undefined where the browser refuses it (some
 * private modes): the session and device share then stay in this page's memory only.
 */
function openWrapKeys(): WrapKeyStore | undefined {
  try {
    return window.indexedDB ? indexedDbWrapKeys(window.indexedDB) : undefined
  } catch {
    return undefined
  }
}

function start(): void {
  if (window.parent === window) return
  const meta = document.querySelector('meta[name="portico-api-url"]')?.getAttribute('content')
  let config: ReturnType<typeof readFrameConfig>
  try {
    config = readFrameConfig(window.location.search, meta)
  } catch (error) {
    console.error((error as Error).message)
    return
  }
  const parentOrigin = config.parentOrigin
  const post = (message: FrameOutgoing) => window.parent.postMessage(message, parentOrigin)
  const root = document.getElementById('app') ?? document.body
  const store = openStore()
  const app = createFrameApp({
    config,
    api: createWalletApi({ apiUrl: config.apiUrl, projectId: config.projectId }),
    storage: createFrameStorage(store, openStorageSeal(openWrapKeys())),
    connected: createConnectedOrigins(store),
    read: createRpcProxy(config.apiUrl, config.projectId),
    catalog: createChainCatalog(config.apiUrl, config.projectId),
    post,
    root,
    ...(config.enableLogger
      ? { log: (line: string) => console.debug(`[portico frame] ${line}`) }
      : {}),
  })
  const accept = createMessageGate(parentOrigin, window.parent, frameRequestSchema)
  window.addEventListener('message', (event) => {
    const result = accept(event)
    if (result && 'request' in result) void app.handle(result.request)
    else if (result) app.refuseMalformed(result.malformed.type, result.malformed.id)
  })
  post({ type: 'FRAME_READY', payload: {} })
}

start()
