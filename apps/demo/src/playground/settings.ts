import type { Foyer, FoyerConfig, ThemeMode } from '@foyer/core'

/** The features the playground turns on and off (the others keep Foyer's defaults). */
export const playgroundFeatures = [
  'email',
  'socials',
  'swaps',
  'onramp',
  'send',
  'receive',
  'multiWallet',
  'legalCheckbox',
  'branding',
] as const
export type PlaygroundFeature = (typeof playgroundFeatures)[number]

/** What the demo's playground sets on its Foyer instance. */
export type PlaygroundSettings = {
  themeMode: ThemeMode
  /** `--foyer-accent`; undefined keeps Foyer's own. */
  accent: string | undefined
  /** `--foyer-border-radius` in pixels; undefined keeps Foyer's 16px. */
  radius: number | undefined
  /** BCP 47 tag; undefined follows the visitor's browser. */
  locale: string | undefined
  features: Record<PlaygroundFeature, boolean>
  /** Sign in with the wallet after connecting (SIWX, the server's verifier). */
  siwx: boolean
  /** CAIP-2 ids of the networks offered, in the demo's order; the first is the default. */
  networks: readonly string[]
}

/** Foyer's defaults for the playground's features (DEFAULT_FEATURES of @foyer/core). */
export const defaultPlaygroundFeatures: Record<PlaygroundFeature, boolean> = {
  email: true,
  socials: true,
  swaps: true,
  onramp: true,
  send: true,
  receive: true,
  multiWallet: false,
  legalCheckbox: false,
  branding: true,
}

/** The demo's own terms and privacy policy, linked from the legal checkbox. */
export const legalUrls = (origin: string) => ({
  termsConditionsUrl: `${origin}/terms`,
  privacyPolicyUrl: `${origin}/privacy`,
})

export const siwxStatement = 'Sign in to the Foyer demo'

/**
 * The `createFoyer` options the settings stand for, beside networks and adapters. Only what
 * differs from Foyer's defaults, so the code shown is the shortest that gives this dialog.
 */
export function playgroundOptions(
  settings: PlaygroundSettings,
  origin: string,
): Pick<
  FoyerConfig,
  | 'themeMode'
  | 'themeVariables'
  | 'locale'
  | 'features'
  | 'siwx'
  | 'termsConditionsUrl'
  | 'privacyPolicyUrl'
> {
  const themeVariables = {
    ...(settings.accent ? { '--foyer-accent': settings.accent } : {}),
    ...(settings.radius !== undefined ? { '--foyer-border-radius': `${settings.radius}px` } : {}),
  }
  const features: Partial<Record<PlaygroundFeature, boolean>> = {}
  for (const feature of playgroundFeatures)
    if (settings.features[feature] !== defaultPlaygroundFeatures[feature])
      features[feature] = settings.features[feature]
  return {
    // Foyer's default is dark.
    ...(settings.themeMode !== 'dark' ? { themeMode: settings.themeMode } : {}),
    ...(Object.keys(themeVariables).length ? { themeVariables } : {}),
    ...(settings.locale ? { locale: settings.locale } : {}),
    // `socials` is set only to turn social login off (on, it is Foyer's default list).
    ...(Object.keys(features).length ? { features: features as FoyerConfig['features'] } : {}),
    ...(settings.siwx ? { siwx: { statement: siwxStatement } } : {}),
    ...(settings.features.legalCheckbox ? legalUrls(origin) : {}),
  }
}

/**
 * The developer page: any query option (`?testWallet=1`, `?namespaces=…`, `?developer=1`, …) shows
 * the developer panels as they always were, and keeps the playground closed until asked for.
 */
export function isDeveloperPage(search: string): boolean {
  return new URLSearchParams(search).size > 0
}

/** What a Foyer instance was created with, as the playground shows it. */
export function settingsOf(foyer: Foyer): PlaygroundSettings {
  const state = foyer.getState()
  const { features } = foyer.config
  const accent = state.themeVariables['--foyer-accent']
  const radius = state.themeVariables['--foyer-border-radius']
  return {
    themeMode: state.themeMode,
    accent: typeof accent === 'string' ? accent : undefined,
    radius: radius === undefined ? undefined : Number.parseFloat(String(radius)),
    locale: foyer.config.locale,
    features: Object.fromEntries(
      playgroundFeatures.map((feature) => [feature, Boolean(features[feature])]),
    ) as Record<PlaygroundFeature, boolean>,
    siwx: foyer.config.siwx !== undefined,
    networks: foyer.config.networks.map((network) => network.caipNetworkId),
  }
}
