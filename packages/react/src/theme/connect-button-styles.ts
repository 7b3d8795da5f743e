// The connect button's one rule that its inline styles cannot hold: on a phone-wide screen it
// is compact (avatar and short address, no balance), so it never wraps onto a second line.
export const connectButtonStyles =
  '@media (max-width: 520px) { .portico-connect-balance { display: none; } }'
