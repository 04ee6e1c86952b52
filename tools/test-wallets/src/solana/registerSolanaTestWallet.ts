import type { Wallet, WindowAppReadyEventAPI } from '@wallet-standard/base'
import {
  type CreateSolanaTestWalletParameters,
  createSolanaTestWallet,
  type SolanaTestWallet,
} from './createSolanaTestWallet.ts'

export type RegisterSolanaTestWalletParameters = CreateSolanaTestWalletParameters & {
  /** Register this wallet instead of creating one. */
  wallet?: SolanaTestWallet | undefined
}
export type RegisterSolanaTestWalletReturnType = {
  wallet: SolanaTestWallet
  /** Unregisters from every app it registered with and stops listening. */
  unregister: () => void
}

/**
 * Registers the Solana test wallet with the page's wallet-standard apps, as an extension's content
 * script does (the `wallet-standard:register-wallet` / `wallet-standard:app-ready` protocol of
 * `@wallet-standard/wallet`'s `registerWallet`): it announces itself now for apps already listening
 * and answers every later app-ready event.
 */
export async function registerSolanaTestWallet(
  target: Window,
  parameters: RegisterSolanaTestWalletParameters = {},
): Promise<RegisterSolanaTestWalletReturnType> {
  const wallet = parameters.wallet ?? (await createSolanaTestWallet(parameters))
  const unregisters: (() => void)[] = []
  const callback = ({ register }: WindowAppReadyEventAPI) => {
    unregisters.push(register(wallet as Wallet))
  }
  const onAppReady = (event: Event) =>
    callback((event as CustomEvent<WindowAppReadyEventAPI>).detail)
  target.addEventListener('wallet-standard:app-ready', onAppReady)
  target.dispatchEvent(
    new (target as unknown as { CustomEvent: typeof CustomEvent }).CustomEvent(
      'wallet-standard:register-wallet',
      { bubbles: false, cancelable: false, composed: false, detail: callback },
    ),
  )
  return {
    wallet,
    unregister() {
      target.removeEventListener('wallet-standard:app-ready', onAppReady)
      for (const unregister of unregisters.splice(0)) unregister()
    },
  }
}
