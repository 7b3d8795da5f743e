// What can be bought where: the native coin of every configured EVM chain that has a price
// source (the treasury pays in that coin, the price book prices it). A network's name is what
// quotes and URLs use ("ethereum", "base"); a chain without a known name is "eip155-<id>".
import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import type { OnrampOptions, OnrampPurchaseCurrency } from '@portico/protocol/onramp'
import type { ServerConfig } from '../config'
import { nativeCurrencyOf } from '../tokens/native-currency'
import {
  ONRAMP_LIMITS_CENTS,
  ONRAMP_PAYMENT_CURRENCIES,
  ONRAMP_PROVIDERS,
} from './onramp-constants'

const NETWORK_NAMES: Readonly<Record<string, [string, string]>> = {
  'eip155:1': ['ethereum', 'Ethereum'],
  'eip155:10': ['optimism', 'OP Mainnet'],
  'eip155:137': ['polygon', 'Polygon'],
  'eip155:8453': ['base', 'Base'],
  'eip155:42161': ['arbitrum', 'Arbitrum One'],
  'eip155:43114': ['avalanche', 'Avalanche'],
}

export interface OnrampNetworkEntry {
  name: string
  displayName: string
  chain: CaipNetworkId
  currency: { id: string; name: string; symbol: string; decimals: number }
}

export function networkEntriesOf(config: ServerConfig): OnrampNetworkEntry[] {
  return config.chains
    .filter((chain) => chain.caipNetworkId.startsWith('eip155:'))
    .filter((chain) => config.priceSources[chain.caipNetworkId] !== undefined)
    .map(({ caipNetworkId }) => {
      const reference = caipNetworkId.slice('eip155:'.length)
      const [name, displayName] = NETWORK_NAMES[caipNetworkId] ?? [
        `eip155-${reference}`,
        `Chain ${reference}`,
      ]
      const coin = nativeCurrencyOf(caipNetworkId)
      return {
        name,
        displayName,
        chain: caipNetworkId,
        currency: { id: coin.symbol, ...coin },
      }
    })
}

const cents = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`

export function onrampOptionsOf(entries: readonly OnrampNetworkEntry[]): OnrampOptions {
  const purchase = new Map<string, OnrampPurchaseCurrency>()
  for (const entry of entries) {
    const currency = purchase.get(entry.currency.id) ?? {
      id: entry.currency.id,
      name: entry.currency.name,
      symbol: entry.currency.symbol,
      networks: [],
    }
    currency.networks.push({
      name: entry.name,
      display_name: entry.displayName,
      chain_id: entry.chain.slice('eip155:'.length),
      contract_address: '',
    })
    purchase.set(entry.currency.id, currency)
  }
  return {
    purchaseCurrencies: [...purchase.values()],
    paymentCurrencies: ONRAMP_PAYMENT_CURRENCIES.map((id) => ({
      id,
      payment_method_limits: Object.entries(ONRAMP_LIMITS_CENTS).map(([method, limit]) => ({
        id: method as 'card' | 'bank_account',
        min: cents(limit.min),
        max: cents(limit.max),
      })),
    })),
    providers: ONRAMP_PROVIDERS.map(({ feeBasisPoints: _, ...provider }) => provider),
  }
}

export const formatCents = cents
