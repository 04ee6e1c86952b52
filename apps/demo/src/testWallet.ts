import * as world from 'virtual:foyer-world'
import { announceTestWallet, createTestWallet, type TestWallet } from '@foyer/test-wallets'
import { registerSolanaTestWallet, type SolanaTestWallet } from '@foyer/test-wallets/solana'

declare global {
  interface Window {
    foyerTestWallet?: TestWallet
    foyerSolanaTestWallet?: SolanaTestWallet
  }
}

/**
 * Injects the Foyer Test Wallet (EIP-6963) when the page is opened with `?testWallet=1`. Loaded
 * with `import()` so a normal visit never downloads it. `window.foyerTestWallet` lets people and
 * end-to-end tests change its behaviour (approve or reject, unknown chains).
 */
export function injectTestWallet(): TestWallet {
  const wallet = createTestWallet({
    accounts: world.accounts.map((account) => account.privateKey),
    chains: world.chains.map((chain) => ({
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      name: chain.name,
    })) as [{ chainId: number; rpcUrl: string; name: string }],
    storage: window.localStorage,
    // `?testWalletConnect=reject` makes the wallet refuse every prompt from the first instant.
    behaviour: {
      connect:
        new URLSearchParams(window.location.search).get('testWalletConnect') === 'reject'
          ? 'reject'
          : 'approve',
    },
  })
  announceTestWallet(wallet, window)
  window.foyerTestWallet = wallet
  return wallet
}

/**
 * The Solana side of the test wallet (wallet-standard), holding the first local dev key; it
 * remembers the site's authorisation in localStorage, as the EVM one does.
 */
export async function injectSolanaTestWallet(): Promise<SolanaTestWallet | undefined> {
  if (!world.solana) return undefined
  const { wallet } = await registerSolanaTestWallet(window, {
    key: world.solana.accounts[0]!.secretKey,
    rpcUrls: { 'solana:localnet': world.solana.rpcUrl },
    // Like an extension, it still trusts the site after a reload.
    storage: window.localStorage,
  })
  window.foyerSolanaTestWallet = wallet
  return wallet
}
