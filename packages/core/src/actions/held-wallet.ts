// Moved to @portico/test-kit; this re-export stays only while send-flow.test.ts, which another
// change is reshaping, still imports it from here. Delete it once that test imports the kit.
export { heldWallet } from '@portico/test-kit/vitest'
