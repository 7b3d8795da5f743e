// Run as a child process by server-in-child.ts: our real server on a fresh anvil, in plain Node
// (the React tests' DOM environment replaces globals the server's modules need). It prints where
// it listens as one JSON line and stops on SIGTERM.
import { startServerOnAnvil } from '@portico/test-kit'

const started = await startServerOnAnvil()
process.stdout.write(`${JSON.stringify({ url: started.url, projectId: started.projectId })}\n`)
process.on('SIGTERM', () => {
  void started.stop().finally(() => process.exit(0))
})
