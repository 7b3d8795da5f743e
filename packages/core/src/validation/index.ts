export * from './hexFormats'
