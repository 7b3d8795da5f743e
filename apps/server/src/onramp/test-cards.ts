// The sandbox checkout's test cards (apps/server/README.md#onramp lists them). Any expiry in the
// future, any 3-4 digit CVC. Other numbers are refused: the sandbox charges nothing real.
export type TestCardOutcome = 'succeeds' | 'declined' | 'confirm'

export const TEST_CARDS: Readonly<Record<string, TestCardOutcome>> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000002760003184': 'confirm',
}

export const DECLINED_MESSAGE = 'Your card was declined.'
export const NOT_CONFIRMED_MESSAGE = 'The payment was not confirmed with your bank.'
