// The embedded wallet's numbers both sides read, in a module of plain constants: the modal's
// eager code (the stores) imports them without pulling in the request schemas.
/** Seconds between two codes sent to one address (docs/product.md: the e-mail login cooldown). */
export const EMAIL_OTP_COOLDOWN_SECONDS = 30
/** How long a code can be used. */
export const EMAIL_OTP_TTL_SECONDS = 10 * 60
/** Wrong tries a code takes; the next try is refused and the code is spent. */
export const EMAIL_OTP_ATTEMPT_LIMIT = 5
/** How long a session from a verified code lasts. */
export const EMBEDDED_WALLET_SESSION_TTL_SECONDS = 7 * 24 * 60 * 60
/**
 * The recovery share is given to a session once, within this many seconds of the login that
 * made it (an e-mail code, a social redeem, a Farcaster login): a new browser asks for it right
 * away, while a token stolen later reads only the auth share, one share, not the key.
 */
export const EMBEDDED_WALLET_RECOVERY_WINDOW_SECONDS = 5 * 60
/**
 * The EVM chain ids the embedded wallet acts on (signs, sends, switches to); any other is refused.
 * The spec counts 27 known chain ids, Solana's among them, without listing them. Ours: these 24
 * EVM networks (the widely used mainnets and their public testnets, so a host on Sepolia keeps
 * its embedded wallet) and Solana's mainnet, devnet and testnet, which the frame does not sign
 * for yet. Written out, not read from the network table, so the modal's eager code carries no
 * network objects.
 */
export const EMBEDDED_WALLET_CHAIN_IDS: readonly number[] = [
  // Mainnets: Ethereum, OP, BNB Chain, Gnosis, Polygon, zkSync Era, Polygon zkEVM, Mantle, Base,
  // Arbitrum One, Arbitrum Nova, Celo, Avalanche, Linea, Blast, Scroll, Zora.
  1, 10, 56, 100, 137, 324, 1101, 5000, 8453, 42_161, 42_170, 42_220, 43_114, 59_144, 81_457,
  534_352, 7_777_777,
  // Testnets: Holesky, Avalanche Fuji, Polygon Amoy, Base Sepolia, Arbitrum Sepolia, Sepolia,
  // OP Sepolia.
  17_000, 43_113, 80_002, 84_532, 421_614, 11_155_111, 11_155_420,
]
