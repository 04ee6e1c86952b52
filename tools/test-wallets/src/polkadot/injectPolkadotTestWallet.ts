import {
  type CreatePolkadotTestWalletParameters,
  createPolkadotTestWallet,
  POLKADOT_TEST_WALLET_KEY,
  type PolkadotTestWallet,
  type PolkadotTestWalletInjected,
} from './createPolkadotTestWallet.ts'

export type InjectPolkadotTestWalletParameters = CreatePolkadotTestWalletParameters & {
  /** Inject this wallet instead of creating one. */
  wallet?: PolkadotTestWallet | undefined
  /** Its key in `window.injectedWeb3`. Default `foyer-test-wallet`. */
  key?: string | undefined
}
export type InjectPolkadotTestWalletReturnType = {
  wallet: PolkadotTestWallet
  /** Takes the wallet out of `window.injectedWeb3` again. */
  remove: () => void
}

/** The entry a polkadot-js extension puts in `window.injectedWeb3`. */
export type InjectedPolkadotTestWallet = {
  version: string
  enable: (originName: string) => Promise<PolkadotTestWalletInjected>
  /** Not part of the protocol: lets a page show the test wallet's name and icon. */
  name: string
  icon: string
}

type InjectedWindow = { injectedWeb3?: Record<string, unknown> }

/**
 * Injects the Polkadot test wallet the way an extension's content script does
 * (`@polkadot/extension-inject`'s `injectExtension`): `window.injectedWeb3[key] = { version,
 * enable }`. Pages look there after load, so it can be injected before or after the app starts.
 */
export async function injectPolkadotTestWallet(
  target: Window,
  parameters: InjectPolkadotTestWalletParameters = {},
): Promise<InjectPolkadotTestWalletReturnType> {
  const wallet = parameters.wallet ?? (await createPolkadotTestWallet(parameters))
  const key = parameters.key ?? POLKADOT_TEST_WALLET_KEY
  const page = target as unknown as InjectedWindow
  page.injectedWeb3 ??= {}
  const entry: InjectedPolkadotTestWallet = {
    version: wallet.version,
    enable: (originName) => wallet.enable(originName),
    name: wallet.name,
    icon: wallet.icon,
  }
  page.injectedWeb3[key] = entry
  return {
    wallet,
    remove() {
      if (page.injectedWeb3?.[key] === entry) delete page.injectedWeb3[key]
    },
  }
}
