import { type Adapter, createLazyAdapter } from '@foyer/core'
import type { EvmAdapterParameters } from './evmAdapter.ts'

/**
 * `evmAdapter` with its code (EIP-6963 discovery, the injected connectors) fetched after the page
 * is idle, or when the dialog is about to open, instead of with the page: what a page that only
 * shows the connect button until the visitor clicks should use. Its wallets appear once loaded;
 * a remembered one reconnects then.
 */
export function deferredEvmAdapter(parameters: EvmAdapterParameters = {}): Adapter {
  return createLazyAdapter({
    namespace: 'eip155',
    balances: true,
    load: () => import('./evmAdapter.ts').then((module) => module.evmAdapter(parameters)),
  })
}
