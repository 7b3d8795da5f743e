export * from './storage-keys'
export * from './stored-values'
