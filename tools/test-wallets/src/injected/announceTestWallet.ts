import type { TestWallet } from './createTestWallet.ts'
import { TEST_WALLET_ICON } from './icon.ts'

export const TEST_WALLET_INFO = {
  name: 'Foyer Test Wallet',
  rdns: 'dev.foyer.testwallet',
  icon: TEST_WALLET_ICON,
} as const

export type AnnounceTestWalletTarget = Pick<
  Window,
  'dispatchEvent' | 'addEventListener' | 'removeEventListener'
> & { CustomEvent?: typeof CustomEvent }

/**
 * Announces the wallet over EIP-6963 on `target` and answers every later
 * `eip6963:requestProvider`. Returns the function that stops answering.
 */
export function announceTestWallet(
  provider: TestWallet,
  target: AnnounceTestWalletTarget,
  info: Partial<{ name: string; rdns: string; icon: string; uuid: string }> = {},
): () => void {
  const EventClass = target.CustomEvent ?? CustomEvent
  const detail = Object.freeze({
    info: Object.freeze({ ...TEST_WALLET_INFO, uuid: crypto.randomUUID(), ...info }),
    provider,
  })
  const announce = () =>
    target.dispatchEvent(new EventClass('eip6963:announceProvider', { detail }))
  announce()
  target.addEventListener('eip6963:requestProvider', announce)
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}
