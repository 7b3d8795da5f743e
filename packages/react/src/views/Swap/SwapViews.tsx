// The swap's three views (Swap, SwapSelectToken, SwapPreview) share one chunk: the page's
// registry then names one loader for them, and opening the swap fetches the picker and the
// preview with it, so moving between them waits for nothing.
import { routerStore } from '@portico/core'
import { useStore } from '../../hooks/useStore'
import SwapPreview from '../SwapPreview/SwapPreview'
import SwapSelectToken from '../SwapSelectToken/SwapSelectToken'
import Swap from './Swap'

export default function SwapViews() {
  const view = useStore(routerStore, (state) => state.view)
  if (view === 'SwapSelectToken') return <SwapSelectToken />
  if (view === 'SwapPreview') return <SwapPreview />
  return <Swap />
}
