import type { PorticoClient } from '@portico/core'
import { createContext, useContext } from 'react'

export const PorticoContext = createContext<PorticoClient | null>(null)

export function usePorticoClient(): PorticoClient {
  const client = useContext(PorticoContext)
  if (!client) throw new Error('Portico hooks must be used inside <PorticoProvider>')
  return client
}
