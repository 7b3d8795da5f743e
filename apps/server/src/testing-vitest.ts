// @portico/server/testing/vitest: the test support that runs only inside Vitest (it registers
// hooks and asserts with expect), for test files outside the server. Benchmarks and scripts use
// @portico/server/testing, which never imports vitest.
export {
  type FarcasterRigHooks,
  SIGN_IN_DOMAIN,
  SIGN_IN_URI,
  withFarcasterRig,
} from './test/farcaster-client'
