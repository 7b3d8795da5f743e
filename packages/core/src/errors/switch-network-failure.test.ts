import { SwitchChainError, UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { switchNetworkFailure } from './switch-network-failure'

const base = { name: 'Base' }
const ethereum = { name: 'Ethereum' }
const walletAnswer = (code: number, message: string) => Object.assign(new Error(message), { code })

// The errors wagmi's injected connector throws (node_modules/@wagmi/core connectors/injected.js):
// a refused switch, or any failure of the wallet_addEthereumChain that follows a 4902, becomes a
// UserRejectedRequestError around the wallet's own answer.
describe('switchNetworkFailure', () => {
  it('says the visitor declined, and where the wallet stays', () => {
    const refused = new UserRejectedRequestError(walletAnswer(4001, 'User rejected the request.'))
    expect(switchNetworkFailure(refused, base, ethereum)).toEqual({
      title: 'Could not switch to Base',
      message: 'The switch to Base was declined in your wallet. You are still on Ethereum.',
    })
  })

  it('says the wallet lacks the network when adding it is not supported', () => {
    for (const answer of [
      walletAnswer(4200, 'The requested method is not supported'),
      walletAnswer(-32601, 'Method not found'),
    ]) {
      expect(switchNetworkFailure(new UserRejectedRequestError(answer), base, ethereum)).toEqual({
        title: 'Could not switch to Base',
        message: 'Your wallet does not have Base and could not add it. You are still on Ethereum.',
      })
    }
  })

  it('says the wallet could not switch for any other failure, without a current network', () => {
    const failed = new SwitchChainError(walletAnswer(-32603, 'Internal error'))
    expect(switchNetworkFailure(failed, base).message).toBe('Your wallet could not switch to Base.')
    const addFailed = new UserRejectedRequestError(walletAnswer(-32603, 'Internal error'))
    expect(switchNetworkFailure(addFailed, base).message).toBe(
      'Your wallet could not switch to Base.',
    )
  })
})
