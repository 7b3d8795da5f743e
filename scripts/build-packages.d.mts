export const PACKAGES: readonly ['protocol', 'core', 'react']
export function buildPackages(upTo?: (typeof PACKAGES)[number]): Promise<string[]>
export function holdLockFile(lock: string, timeoutMs: number): Promise<() => void>
export function runCollecting(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<string>
