export function v8PoolSizeOption(cores?: number): string
export function withV8PoolSize(nodeOptions?: string): string
