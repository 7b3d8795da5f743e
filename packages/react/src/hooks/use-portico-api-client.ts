import { type PorticoApi, type PorticoClient, withApi } from '@portico/core'
import { useMemo } from 'react'
import { usePorticoClient } from '../context'

/**
 * The client with our server's API clients, for the views that fetch (account tabs, send). Only
 * lazily loaded views use it, so the page never loads the API clients.
 */
export function usePorticoApiClient(): PorticoClient & { api: PorticoApi } {
  const client = usePorticoClient()
  return useMemo(() => withApi(client), [client])
}
