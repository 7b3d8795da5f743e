// Modules the frame's Vite build makes (vite.config.ts).
declare module 'virtual:frame-request-schema' {
  import type { JsonSchema } from './schema-check'

  /** @portico/protocol/embedded-wallet-frame's FrameRequest as plain JSON Schema. */
  const schema: JsonSchema
  export default schema
}
