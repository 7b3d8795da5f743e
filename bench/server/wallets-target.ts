// The process the wallet-list benchmark loads (run by ./wallets.ts, not by hand): the Portico
// server on a fresh PGlite copy, and a bare Fastify route answering a 5-token JSON body for
// reference, both on 127.0.0.1. Prints their URLs as one JSON line; exits when stdin closes.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig, startServer } from '@portico/server'
import { ensurePgliteTemplate } from '@portico/server/testing'
import Fastify from 'fastify'

const dataDir = join(mkdtempSync(join(tmpdir(), 'portico-bench-wallets-')), 'pglite')
cpSync((await ensurePgliteTemplate()).path, dataDir, { recursive: true })

const portico = await startServer(
  loadConfig(
    { PATH: process.env.PATH, LOG_LEVEL: 'silent' },
    { host: '127.0.0.1', port: 0, dataDir, chains: {} },
  ),
)
const bare = Fastify({ logger: false })
bare.get('/hello', async () => ({ hello: 'world' }))
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 })

process.stdout.write(`${JSON.stringify({ porticoUrl: portico.url, bareUrl })}\n`)

let closing = false
async function close(): Promise<void> {
  if (closing) return
  closing = true
  await Promise.allSettled([portico.close(), bare.close()])
  rmSync(join(dataDir, '..'), { recursive: true, force: true })
  process.exit(0)
}
process.stdin.on('end', () => void close())
process.stdin.on('close', () => void close())
process.stdin.resume()
process.once('SIGTERM', () => void close())
