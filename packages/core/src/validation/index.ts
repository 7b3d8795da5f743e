export * from './hex-formats'
