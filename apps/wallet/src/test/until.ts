/** Resolves with what `read` gives once it gives something (polled every 20 ms), or throws. */
export async function until<T>(read: () => T | undefined | false, timeoutMs = 20_000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = read()
    if (value !== undefined && value !== false) return value
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
