// Ends a bench's child process and waits for it: SIGTERM first so it closes its database and
// sockets, SIGKILL after 10 s so a hung child cannot keep the bench from finishing.
import type { ChildProcess } from 'node:child_process'

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}
