// What each onramp route plugin is given.
import type { OnrampService } from './onramp-service'

export interface OnrampRouteOptions {
  onramp: OnrampService
}
