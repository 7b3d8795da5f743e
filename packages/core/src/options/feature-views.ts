// The views each feature flag owns: a feature turned off is hidden everywhere, so the modal
// neither shows a way into its views nor opens them when asked (client.open, navigate).
import type { RouterView } from '../state/router'
import type { PorticoFeatures } from './option-types'

type FlagFeature = Exclude<keyof PorticoFeatures, 'socials'>

const FEATURE_OF_VIEW: Partial<Record<RouterView, FlagFeature>> = {
  Send: 'send',
  SendPreview: 'send',
  Receive: 'receive',
  Swap: 'swaps',
  SwapSelectToken: 'swaps',
  SwapPreview: 'swaps',
  SwapComplete: 'swaps',
  OnRampProviders: 'onramp',
  BuyInProgress: 'onramp',
  Transactions: 'history',
  AllWallets: 'allWallets',
}

/** Whether the host's features let the modal show `view`. */
export function featureAllowsView(features: PorticoFeatures, view: RouterView): boolean {
  const feature = FEATURE_OF_VIEW[view]
  return feature === undefined || features[feature]
}
