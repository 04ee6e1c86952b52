import type { SatsConnectProviderInfo } from '@foyer/bitcoin'
import type { Wallet, WindowAppReadyEventAPI } from '@wallet-standard/base'
import {
  type BitcoinTestWallet,
  type CreateBitcoinTestWalletParameters,
  createBitcoinTestWallet,
} from './createBitcoinTestWallet.ts'

export type RegisterBitcoinTestWalletParameters = CreateBitcoinTestWalletParameters & {
  /** Register this wallet instead of creating one. */
  wallet?: BitcoinTestWallet | undefined
  /** Also register with the Bitcoin wallet standard (default true). */
  walletStandard?: boolean | undefined
}
export type RegisterBitcoinTestWalletReturnType = {
  wallet: BitcoinTestWallet
  /** Removes the provider from the page and unregisters from every wallet-standard app. */
  unregister: () => void
}

type Target = Window & { btc_providers?: SatsConnectProviderInfo[] } & Record<string, unknown>

/**
 * Injects the Bitcoin test wallet as an Xverse-style extension's content script does: its provider
 * at its own path on `window` (`window.FoyerTestWallet.BitcoinProvider`), listed in
 * `window.btc_providers` (sats-connect's discovery), and, unless told not to, registered with the
 * wallet standard (the `wallet-standard:register-wallet` / `app-ready` protocol).
 */
export function registerBitcoinTestWallet(
  target: Window,
  parameters: RegisterBitcoinTestWalletParameters = {},
): RegisterBitcoinTestWalletReturnType {
  const wallet = parameters.wallet ?? createBitcoinTestWallet(parameters)
  const page = target as Target
  const info: SatsConnectProviderInfo = {
    id: wallet.id,
    name: wallet.name,
    icon: wallet.icon,
    methods: wallet.methods,
  }
  page.btc_providers = [...(page.btc_providers ?? []), info]
  const path = wallet.id.split('.')
  let parent: Record<string, unknown> = page
  for (const key of path.slice(0, -1)) {
    parent[key] ??= {}
    parent = parent[key] as Record<string, unknown>
  }
  parent[path.at(-1)!] = wallet.provider

  const unregisters: (() => void)[] = []
  let onAppReady: ((event: Event) => void) | undefined
  if (parameters.walletStandard ?? true) {
    const callback = ({ register }: WindowAppReadyEventAPI) => {
      unregisters.push(register(wallet.standard as Wallet))
    }
    onAppReady = (event: Event) => callback((event as CustomEvent<WindowAppReadyEventAPI>).detail)
    target.addEventListener('wallet-standard:app-ready', onAppReady)
    target.dispatchEvent(
      new (target as unknown as { CustomEvent: typeof CustomEvent }).CustomEvent(
        'wallet-standard:register-wallet',
        { bubbles: false, cancelable: false, composed: false, detail: callback },
      ),
    )
  }

  return {
    wallet,
    unregister() {
      page.btc_providers = (page.btc_providers ?? []).filter((entry) => entry !== info)
      if (parent[path.at(-1)!] === wallet.provider) delete parent[path.at(-1)!]
      if (onAppReady) target.removeEventListener('wallet-standard:app-ready', onAppReady)
      for (const unregister of unregisters.splice(0)) unregister()
    },
  }
}
