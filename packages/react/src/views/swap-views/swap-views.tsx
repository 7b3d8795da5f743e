// The swap's three views (Swap, SwapSelectToken, SwapPreview) share one chunk: the page's
// registry then names one loader for them, and opening the swap fetches the picker and the
// preview with it, so moving between them waits for nothing.
import { routerStore } from '@portico/core'
import { useStore } from '../../hooks/use-store'
import Swap from '../swap/swap'
import SwapPreview from '../swap-preview/swap-preview'
import SwapSelectToken from '../swap-select-token/swap-select-token'

export default function SwapViews() {
  const view = useStore(routerStore, (state) => state.view)
  if (view === 'SwapSelectToken') return <SwapSelectToken />
  if (view === 'SwapPreview') return <SwapPreview />
  return <Swap />
}
