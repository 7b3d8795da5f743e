export * from './storageKeys'
export * from './storedValues'
