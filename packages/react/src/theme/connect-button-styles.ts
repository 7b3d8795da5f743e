// The connect button's one rule that its inline styles cannot hold: on a phone-wide screen it
// is compact (avatar and short address, no balance), so it never wraps onto a second line.
import { PHONE_MAX_WIDTH_PX } from '@portico/core'

export const connectButtonStyles = `@media (max-width: ${PHONE_MAX_WIDTH_PX}px) { .portico-connect-balance { display: none; } }`
