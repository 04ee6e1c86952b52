import {
  type CosmosTestWallet,
  type CreateCosmosTestWalletParameters,
  createCosmosTestWallet,
} from './createCosmosTestWallet.ts'

export type InjectCosmosTestWalletParameters = CreateCosmosTestWalletParameters & {
  /**
   * The global to inject as, and so the wallet it stands in for: `keplr` (default, event
   * `keplr_keystorechange`) or `leap` (`leap_keystorechange`), which speak the same API.
   */
  as?: 'keplr' | 'leap' | undefined
  /** Inject this wallet instead of creating one. */
  wallet?: CosmosTestWallet | undefined
}
export type InjectCosmosTestWalletReturnType = CosmosTestWallet

type InjectTarget = Pick<Window, 'dispatchEvent'> & { Event?: typeof Event }

/**
 * Injects a Keplr-compatible test wallet as `window.keplr` (or `window.leap`), as the extension's
 * content script does, and dispatches `keplr_keystorechange` on the window whenever its key
 * changes. Apps find it the way they find Keplr: by reading the global once the page has loaded.
 */
export async function injectCosmosTestWallet(
  target: InjectTarget,
  parameters: InjectCosmosTestWalletParameters,
): Promise<InjectCosmosTestWalletReturnType> {
  const { as = 'keplr' } = parameters
  const wallet = parameters.wallet ?? (await createCosmosTestWallet(parameters))
  const EventClass = target.Event ?? Event
  wallet.onKeystoreChange(() => target.dispatchEvent(new EventClass(`${as}_keystorechange`)))
  ;(target as unknown as Record<string, unknown>)[as] = wallet
  return wallet
}
