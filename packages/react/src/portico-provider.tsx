import type { PorticoClient } from '@portico/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { WagmiProvider } from 'wagmi'
import { PorticoContext } from './context'
import { ModalHost } from './modal/modal-host'

export interface PorticoProviderProps {
  portico: PorticoClient
  /** The host's own query client, if it has one; otherwise Portico makes one. */
  queryClient?: QueryClient
  children: ReactNode
}

/**
 * Wraps wagmi with Portico's config, so the host's own wagmi hooks (useAccount, useBalance,
 * useSendTransaction) see the very connection the modal made.
 */
export function PorticoProvider({ portico, queryClient, children }: PorticoProviderProps) {
  const [fallbackQueryClient] = useState(() => queryClient ?? new QueryClient())
  useEffect(() => {
    void portico.start()
  }, [portico])
  return (
    <WagmiProvider config={portico.wagmiConfig} reconnectOnMount={false}>
      <QueryClientProvider client={queryClient ?? fallbackQueryClient}>
        <PorticoContext.Provider value={portico}>
          {children}
          <ModalHost />
        </PorticoContext.Provider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
