export * from './caipAddress'
export * from './caipErrors'
export * from './caipGrammar'
export * from './caipNetworkId'
