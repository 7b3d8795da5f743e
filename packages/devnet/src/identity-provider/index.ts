export {
  type IdentityProviderOptions,
  type RunningIdentityProvider,
  type StandInEndpoints,
  startIdentityProvider,
} from './identity-provider'
export { STAND_INS, type StandInName, subjectOf } from './providers'
export { socialLoginEnv } from './server-env'
