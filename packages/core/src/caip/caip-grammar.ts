// The CAIP-2 / CAIP-10 grammar is the server's too: it lives in @portico/protocol.
export {
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
  isCaipAccountAddress,
  isCaipNamespace,
  isCaipReference,
} from '@portico/protocol/caip-grammar'
