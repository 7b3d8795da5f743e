export {
  type IdentityProviderOptions,
  type RunningIdentityProvider,
  type StandInClient,
  type StandInEndpoints,
  type StandInSite,
  startIdentityProvider,
} from './identity-provider'
export { STAND_INS, type StandInName, subjectOf } from './providers'
export { socialLoginEnv } from './server-env'
