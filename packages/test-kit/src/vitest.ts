// @portico/test-kit/vitest: the part of the kit that runs only inside Vitest (it registers
// hooks, or spies with vi.fn), beside everything @portico/test-kit exports.

export { type HeldPrompt, type HeldWalletOptions, heldWallet } from './held-wallet'
export * from './index'
export { serverPerFile } from './server-per-file'
export {
  alice,
  type ConvertAnswers,
  type ServerCall,
  swapTestClient,
} from './swap-test-client'
