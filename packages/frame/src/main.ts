// The frame page's entry: reads its configuration, answers the host page's requests (only those
// the gate lets through), and says FRAME_READY. Without a valid configuration or a parent it
// stays silent: it has no origin it could safely post to.

import frameRequestSchema from 'virtual:frame-request-schema'
import type { FrameOutgoing } from '@portico/protocol/embedded-wallet-frame'
import { createFrameApp } from './frame-app'
import { readFrameConfig } from './frame-config'
import { createFrameStorage, type KeyValueStore } from './frame-storage'
import { createMessageGate } from './message-gate'
import { createRpcProxy } from './rpc-proxy'
import { createWalletApi } from './wallet-api'
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
  const app = createFrameApp({
    config,
    api: createWalletApi({ apiUrl: config.apiUrl, projectId: config.projectId }),
    storage: createFrameStorage(openStore()),
    read: createRpcProxy(config.apiUrl, config.projectId),
    post,
    root,
    ...(config.enableLogger
      ? { log: (line: string) => console.debug(`[portico frame] ${line}`) }
      : {}),
  })
  const accept = createMessageGate(parentOrigin, window.parent, frameRequestSchema)
  window.addEventListener('message', (event) => {
    const request = accept(event)
    if (request) void app.handle(request)
  })
  post({ type: 'FRAME_READY', payload: {} })
}

start()
