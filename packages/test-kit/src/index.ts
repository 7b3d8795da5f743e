// @portico/test-kit: what core's and react's tests run against. The real parts first (our
// server in-process on a fresh database, anvil, viem dev accounts); then the stand-ins for what
// cannot run in Node (a wallet's prompts, the frame's iframe, a WalletConnect relay), each typed
// by @portico/protocol or core's own interfaces. Nothing here imports vitest: that part is
// @portico/test-kit/vitest.
export { devAccount, freshAccount, signedMessage, signedTransactionHash } from './dev-accounts'
export {
  attachScriptedFrame,
  type PostedMessage,
  type ScriptedAnswer,
  scriptedFrameEnvironment,
  testFrameEnvironment,
} from './frame-environment'
export { closedPortUrl, registeredName } from './names'
export { fakeProviderEvents } from './provider-events'
export {
  type RealServer,
  type RealServerOptions,
  startServerOnAnvil,
  startServerOnDevnet,
  startServerOnSolana,
} from './real-server'
export { errorAnswer, protocolAnswer } from './server-answers'
export { balances, ethToken, ROUTER, usdcToken } from './swap-tokens'
