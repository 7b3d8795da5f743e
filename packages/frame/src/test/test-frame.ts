// A frame page as the tests load it: the app with its API, RPC proxy and storage, what it posts
// to the parent, and `request` to send one message and read its answer as the modal would.
import type { FrameOutgoing, FrameRequest } from '@portico/protocol/embedded-wallet-frame'
import { createChainCatalog } from '../chain-catalog'
import { createConnectedOrigins } from '../connected-origins'
import { createFrameApp } from '../frame-app'
import type { FrameStorage } from '../frame-storage'
import { createRpcProxy } from '../rpc-proxy'
import { createWalletApi, type WalletApi } from '../wallet-api'
import { memoryStorage, memoryStore } from './memory-storage'

export interface TestFrameOptions {
  projectId: string
  /** The server the frame's API and RPC proxy call. */
  apiUrl: string
  /** Where the frame draws its confirm and key views. */
  root: HTMLElement
  /** The browser's storage (what localStorage keeps across reloads); a new one if absent. */
  memory?: Map<string, string>
  /** The origin of the page that holds the frame; http://localhost:5173 if absent. */
  parentOrigin?: string
  /** Replace the API or the storage built from `apiUrl` and `memory`. */
  api?: WalletApi
  storage?: FrameStorage
}

export function loadTestFrame(options: TestFrameOptions) {
  const memory = options.memory ?? new Map<string, string>()
  const posted: FrameOutgoing[] = []
  const app = createFrameApp({
    config: {
      projectId: options.projectId,
      chainId: 1,
      version: '4',
      enableLogger: false,
      parentOrigin: options.parentOrigin ?? 'http://localhost:5173',
      apiUrl: options.apiUrl,
    },
    api: options.api ?? createWalletApi({ apiUrl: options.apiUrl, projectId: options.projectId }),
    storage: options.storage ?? memoryStorage(memory),
    connected: createConnectedOrigins(memoryStore(memory)),
    read: createRpcProxy(options.apiUrl, options.projectId),
    catalog: createChainCatalog(options.apiUrl, options.projectId),
    post: (message) => posted.push(message),
    root: options.root,
  })
  let next = 0
  /** The answer's payload; an _ERROR answer throws its message. */
  async function request<T = unknown>(
    type: FrameRequest['type'],
    payload: object = {},
  ): Promise<T> {
    const id = `req-${++next}`
    await app.handle({ type, id, payload } as FrameRequest)
    const answer = posted.find((message) => 'id' in message && message.id === id)
    if (!answer) throw new Error(`no answer to ${type}`)
    if (answer.type.endsWith('_ERROR')) {
      throw new Error((answer.payload as { message: string }).message)
    }
    return answer.payload as T
  }
  return { app, posted, memory, root: options.root, request }
}
