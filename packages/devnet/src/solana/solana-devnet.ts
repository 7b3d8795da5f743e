// The local Solana chain: litesvm behind our JSON-RPC, HTTP and WebSocket on one port (kit's
// createSolanaRpc and createSolanaRpcSubscriptions take the two URLs separately), slots on a
// clock, the dev accounts and tokens seeded.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'
import { stringifyWithBigInts } from './json-bigint'
import { handleBody } from './json-rpc'
import { LOCAL_GENESIS_HASH } from './rpc-methods'
import { SOL_DEV_USD_PRICE, type SolanaDevAccounts, solanaDevAccounts } from './solana-accounts'
import { SolanaLedger } from './solana-ledger'
import { seedSolanaLedger } from './solana-seed'
import { serveSubscriptions } from './subscriptions'

/** Mainnet's CAIP-2 id: the local chain stands in for Solana mainnet as anvil's chain 1 does for Ethereum. */
export const SOLANA_LOCAL_CAIP2 = `solana:${LOCAL_GENESIS_HASH.slice(0, 32)}`
/** A validator's slot time. */
export const DEFAULT_SLOT_MS = 400
const MAX_BODY_BYTES = 1_000_000

export interface StartSolanaDevnetOptions {
  /** 0 or absent: a free port. npm start uses 8899, a test validator's port. */
  port?: number
  host?: string
  /** Milliseconds per slot; a blockhash expires 150 slots after its own (60 s at 400 ms). */
  slotMs?: number
}

export interface SolanaDevnet extends SolanaDevAccounts {
  caip2: string
  /** USD per SOL, as the server is configured with it (SOL_DEV_USD_PRICE). */
  solUsdPrice: number
  rpcUrl: string
  wsUrl: string
  port: number
  ledger: SolanaLedger
  stop(): Promise<void>
}

function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        resolve(null)
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

async function answer(ledger: SolanaLedger, request: IncomingMessage, response: ServerResponse) {
  // Browsers (a wallet page, the test wallet) call the local chain directly, as they do anvil.
  response.setHeader('access-control-allow-origin', '*')
  response.setHeader('access-control-allow-headers', 'content-type, solana-client')
  if (request.method === 'OPTIONS') {
    response.writeHead(204).end()
    return
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { 'content-type': 'text/plain' }).end('Send JSON-RPC requests by POST')
    return
  }
  const body = await readBody(request)
  if (body === null) {
    response.writeHead(413, { 'content-type': 'text/plain' }).end('Request body too large')
    return
  }
  response
    .writeHead(200, { 'content-type': 'application/json' })
    .end(stringifyWithBigInts(handleBody(ledger, body)))
}

export async function startSolanaDevnet(
  options: StartSolanaDevnetOptions = {},
): Promise<SolanaDevnet> {
  const host = options.host ?? '127.0.0.1'
  const dev = solanaDevAccounts()
  const ledger = new SolanaLedger()
  await seedSolanaLedger(ledger, dev)
  const clock = setInterval(() => ledger.advanceSlot(), options.slotMs ?? DEFAULT_SLOT_MS)

  const server = createServer((request, response) => {
    answer(ledger, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  const sockets = new WebSocketServer({ server })
  sockets.on('connection', (socket) => serveSubscriptions(ledger, socket))
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 0, host, () => resolve())
    })
  } catch (error) {
    clearInterval(clock)
    throw error
  }
  const { port } = server.address() as AddressInfo
  let stopped: Promise<void> | undefined
  return {
    ...dev,
    caip2: SOLANA_LOCAL_CAIP2,
    solUsdPrice: SOL_DEV_USD_PRICE,
    rpcUrl: `http://${host}:${port}`,
    wsUrl: `ws://${host}:${port}`,
    port,
    ledger,
    stop() {
      stopped ??= (async () => {
        clearInterval(clock)
        for (const client of sockets.clients) client.terminate()
        await new Promise<void>((resolve) => sockets.close(() => resolve()))
        server.closeAllConnections()
        await new Promise<void>((resolve) => server.close(() => resolve()))
      })()
      return stopped
    },
  }
}
