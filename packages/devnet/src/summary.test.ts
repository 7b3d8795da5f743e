import { describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS } from './accounts'
import { DEVNET_CONTRACTS, DEVNET_PAIRS } from './addresses'
import { formatDevnetSummary } from './summary'

describe('formatDevnetSummary', () => {
  it('lists the chains, contracts, pools and dev accounts', () => {
    const summary = formatDevnetSummary({
      chains: [
        {
          chainId: 8453,
          name: 'Base',
          rpcUrl: 'http://127.0.0.1:8546',
          port: 8546,
          deployment: DEVNET_CONTRACTS,
        },
      ],
      accounts: [...DEV_ACCOUNTS],
      seeded: true,
    })
    expect(summary).toContain('Base       8453   http://127.0.0.1:8546')
    expect(summary).toContain(`USD Coin (USDC)                    ${DEVNET_CONTRACTS.usdc}`)
    expect(summary).toContain(DEVNET_PAIRS.wethUsdc)
    for (const { address, privateKey } of DEV_ACCOUNTS) {
      expect(summary).toContain(`${address}  ${privateKey}`)
    }
  })
})
