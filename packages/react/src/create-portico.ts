import { createPorticoClient, type PorticoClient, type PorticoOptions } from '@portico/core'

/** Creates the page's one Portico instance; pass it to <PorticoProvider portico={…}>. */
export function createPortico(options: PorticoOptions): PorticoClient {
  return createPorticoClient(options)
}
