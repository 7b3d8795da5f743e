export * from './caip-address'
export * from './caip-errors'
export * from './caip-grammar'
export * from './caip-network-id'
