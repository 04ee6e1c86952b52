import * as world from 'virtual:foyer-world'
import { announceTestWallet, createTestWallet, type TestWallet } from '@foyer/test-wallets'
import { type BitcoinTestWallet, registerBitcoinTestWallet } from '@foyer/test-wallets/bitcoin'
import { type CosmosTestWallet, injectCosmosTestWallet } from '@foyer/test-wallets/cosmos'
import { injectPolkadotTestWallet, type PolkadotTestWallet } from '@foyer/test-wallets/polkadot'
import { registerSolanaTestWallet, type SolanaTestWallet } from '@foyer/test-wallets/solana'

declare global {
  interface Window {
    foyerTestWallet?: TestWallet
    foyerSolanaTestWallet?: SolanaTestWallet
    foyerBitcoinTestWallet?: BitcoinTestWallet
    foyerCosmosTestWallet?: CosmosTestWallet
    foyerPolkadotTestWallet?: PolkadotTestWallet
  }
}

/**
 * Injects the Foyer Test Wallet (EIP-6963) when the page is opened with `?testWallet=1`. Loaded
 * with `import()` so a normal visit never downloads it. `window.foyerTestWallet` lets people and
 * end-to-end tests change its behaviour (approve or reject, unknown chains).
 */
export function injectTestWallet(): TestWallet {
  const params = new URLSearchParams(window.location.search)
  // `?testWalletAccounts=3` gives the wallet only the first three dev accounts (default: all ten).
  const accountCount = Number(params.get('testWalletAccounts')) || world.accounts.length
  // A gallery page (`?galleryItem=`) holds the gallery's own account too: no test moves its
  // balances, so the pictures hold in a whole run.
  const galleryAccount = params.has('galleryItem') && world.galleryAccount
  const wallet = createTestWallet({
    accounts: [
      ...world.accounts.slice(0, accountCount),
      ...(galleryAccount ? [galleryAccount] : []),
    ].map((account) => account.privateKey),
    chains: world.chains.map((chain) => ({
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      name: chain.name,
    })) as [{ chainId: number; rpcUrl: string; name: string }],
    storage: window.localStorage,
    // `?testWalletConnect=reject` makes the wallet refuse every prompt from the first instant;
    // `=pending` leaves them open (the dialog's "waiting for the wallet" state).
    behaviour: {
      connect:
        params.get('testWalletConnect') === 'reject'
          ? 'reject'
          : params.get('testWalletConnect') === 'pending'
            ? 'pending'
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

/**
 * The Cosmos side of the test wallet: a Keplr-compatible `window.keplr` holding the first local dev
 * key; the local chain is suggested to it on first connect, as an app does with Keplr.
 */
export async function injectCosmosDemoWallet(): Promise<CosmosTestWallet | undefined> {
  if (!world.cosmos) return undefined
  const wallet = await injectCosmosTestWallet(window, {
    privateKeyHex: world.cosmos.accounts[0]!.privateKey,
    storage: window.localStorage,
  })
  window.foyerCosmosTestWallet = wallet
  return wallet
}

/**
 * The Polkadot side of the test wallet: a polkadot-js-style extension in `window.injectedWeb3`
 * holding the first local dev account (`//0` on the dev mnemonic).
 */
export async function injectPolkadotDemoWallet(): Promise<PolkadotTestWallet | undefined> {
  if (!world.polkadot) return undefined
  const account = world.polkadot.accounts[0]!
  const { wallet } = await injectPolkadotTestWallet(window, {
    mnemonic: account.mnemonic,
    derivationPaths: [account.derivationPath],
    ss58Prefix: world.polkadot.ss58Prefix,
    storage: window.localStorage,
  })
  window.foyerPolkadotTestWallet = wallet
  return wallet
}

/**
 * The Bitcoin side of the test wallet: an Xverse-style extension (sats-connect provider and the
 * Bitcoin wallet standard) holding the first regtest dev account's payment and ordinals keys.
 */
export function injectBitcoinDemoWallet(): BitcoinTestWallet | undefined {
  if (!world.bitcoin) return undefined
  const account = world.bitcoin.accounts[0]!
  const { wallet } = registerBitcoinTestWallet(window, {
    paymentKey: account.payment.privateKey,
    ordinalKey: account.ordinal.privateKey,
    network: 'regtest',
    esploraUrl: world.bitcoin.esploraUrl,
    storage: window.localStorage,
  })
  window.foyerBitcoinTestWallet = wallet
  return wallet
}
