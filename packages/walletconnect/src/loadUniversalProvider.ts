import type UniversalProvider from '@walletconnect/universal-provider'

/** The only way this package reaches the SDK: a dynamic import, so bundlers split it off. */
export async function loadUniversalProvider(): Promise<typeof UniversalProvider> {
  const module = await import('@walletconnect/universal-provider')
  // CJS interop (Node) may nest the default export one level deeper.
  const exported = module.default as typeof UniversalProvider & {
    default?: typeof UniversalProvider
  }
  return exported.default ?? exported
}
