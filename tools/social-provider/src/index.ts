export { startSocialProviders } from './startSocialProviders.ts'
export type {
  SocialProviderClient,
  SocialProviderId,
  SocialProviders,
  StartSocialProvidersParameters,
} from './types.ts'
