import { type Adapter, createLazyAdapter } from '@foyer/core'
import type { WalletConnectAdapterParameters } from './walletConnectAdapter.ts'

/**
 * `walletConnectAdapter` with even its small eager part (the session glue, one connector per
 * namespace) fetched after the page is idle, or when the dialog is about to open, instead of with
 * the page. A stored session is restored once it has loaded.
 */
export function deferredWalletConnectAdapter(parameters: WalletConnectAdapterParameters): Adapter {
  return createLazyAdapter({
    namespace: 'eip155',
    namespaces: ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'],
    load: () =>
      import('./walletConnectAdapter.ts').then((module) => module.walletConnectAdapter(parameters)),
  })
}
