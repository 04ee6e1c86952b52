import * as world from 'virtual:foyer-world'
import { bitcoinAdapter, createBitcoinRegtest } from '@foyer/bitcoin'
import { createFoyer, type Foyer } from '@foyer/core'
import { cosmosAdapter, createCosmosNetwork } from '@foyer/cosmos'
import { evmAdapter } from '@foyer/evm'
import { embeddedWalletAdapter } from '@foyer/frame/connector'
import { createPolkadotNetwork, polkadotAdapter } from '@foyer/polkadot'
import { createSolanaLocalnet, solanaAdapter } from '@foyer/solana'
import { walletConnectAdapter } from '@foyer/walletconnect'
import { devnetChains } from './chains.ts'

/**
 * The networks the app supports: every devnet chain, or only those listed in `?networks=31337,…`
 * (so a wallet can sit on a chain the app does not support).
 */
function configuredChains() {
  const listed = new URLSearchParams(window.location.search).get('networks')
  if (!listed) return devnetChains
  const ids = listed.split(',').map(Number)
  const chains = devnetChains.filter((chain) => ids.includes(chain.id))
  return chains.length ? chains : devnetChains
}

const metadata = {
  name: 'Foyer demo',
  description: 'The Foyer wallet dialog on a local world of real chains',
  url: window.location.origin,
  icons: [],
}

/** `?pairingLifetime=11000` shortens the WalletConnect pairing URI's life (tests of its renewal). */
function pairingLifetimeMs() {
  const value = Number(new URLSearchParams(window.location.search).get('pairingLifetime'))
  return Number.isFinite(value) && value > 0 ? value : undefined
}

/**
 * The secure frame's URL. Opened on `localhost`, the demo takes the frame on `localhost` too (same
 * port): WebAuthn refuses an IP address as a passkey's relying party, and the frame stays on the
 * page's site (its SameSite=Strict cookies) while being another origin.
 */
function frameUrl() {
  const url = new URL(world.frameUrl)
  if (window.location.hostname === 'localhost' && url.hostname === '127.0.0.1')
    url.hostname = 'localhost'
  return url.href
}

/** The local Solana cluster (LiteSVM), when the world runs one. */
const solanaLocal = world.solana ? createSolanaLocalnet(world.solana) : undefined

/** The local Bitcoin regtest chain (bcoin behind an Esplora API), when the world runs one. */
const bitcoinLocal = world.bitcoin
  ? createBitcoinRegtest({ esploraUrl: world.bitcoin.esploraUrl })
  : undefined

/** The local Cosmos chain (CometBFT RPC over an in-memory bank), when the world runs one. */
const cosmosLocal = world.cosmos
  ? createCosmosNetwork({ ...world.cosmos, name: 'Cosmos Local', testnet: true })
  : undefined

/** The local Polkadot chain (chopsticks, an Asset Hub runtime from npm), when the world runs one. */
const polkadotLocal = world.polkadot
  ? createPolkadotNetwork({ ...world.polkadot, name: 'Polkadot Local', testnet: true })
  : undefined

/** `?project=<id>` runs the demo as another project of the server (tests of operator settings). */
function projectId() {
  return new URLSearchParams(window.location.search).get('project') || world.projectId
}

/**
 * Whether the demo offers a namespace: every one the world runs, or only those listed in
 * `?namespaces=eip155,solana` (`?solana=0` leaves Solana out), so a test can see one wallet alone.
 */
function offers(namespace: 'solana' | 'bip122' | 'cosmos' | 'polkadot') {
  const params = new URLSearchParams(window.location.search)
  if (namespace === 'solana' && params.get('solana') === '0') return false
  const listed = params.get('namespaces')
  return !listed || listed.split(',').includes(namespace)
}

export function createDemoFoyer(): Foyer {
  const chains = configuredChains()
  const solana = offers('solana') ? solanaLocal : undefined
  const bitcoin = offers('bip122') ? bitcoinLocal : undefined
  const cosmos = offers('cosmos') ? cosmosLocal : undefined
  const polkadot = offers('polkadot') ? polkadotLocal : undefined
  const otherNetworks = [
    ...(solana ? [solana] : []),
    ...(bitcoin ? [bitcoin] : []),
    ...(cosmos ? [cosmos] : []),
    ...(polkadot ? [polkadot] : []),
  ]
  return createFoyer({
    networks: [...chains, ...otherNetworks] as [
      (typeof chains)[number],
      ...(typeof chains)[number][],
    ],
    adapters: [
      evmAdapter(),
      // The local world's relay; in production this is the public WalletConnect relay.
      walletConnectAdapter({
        relayUrl: world.relayUrl,
        metadata,
        pairingLifetimeMs: pairingLifetimeMs(),
      }),
      ...(solana ? [solanaAdapter()] : []),
      ...(bitcoin ? [bitcoinAdapter()] : []),
      ...(cosmos ? [cosmosAdapter()] : []),
      ...(polkadot ? [polkadotAdapter({ appName: metadata.name })] : []),
      // Email login: the server's secure frame, on its own origin.
      embeddedWalletAdapter({
        frameUrl: frameUrl(),
        projectId: projectId(),
        // WebAuthn needs a domain name: the frame on `localhost` offers passkey login, on 127.0.0.1 not.
        passkeys: !/^(\d+\.){3}\d+$|^\[/.test(new URL(frameUrl()).hostname),
      }),
    ],
    metadata,
    projectId: projectId(),
    serverUrl: world.serverUrl,
    // `?siwx=1`: visitors sign in with their wallet after connecting (the server's verifier);
    // `?siwx=connected`: every namespace the wallet connected signs in (one session for all).
    siwx: (() => {
      const siwx = new URLSearchParams(window.location.search).get('siwx')
      if (siwx !== '1' && siwx !== 'connected') return undefined
      return {
        statement: 'Sign in to the Foyer demo',
        namespaces: siwx === 'connected' ? ('connected' as const) : ('active' as const),
      }
    })(),
    // `?theme=light` shows the dialog in its light theme (dark is the default); `?theme=system`
    // follows the visitor's colour scheme.
    themeMode: (['light', 'system'] as const).find(
      (mode) => mode === new URLSearchParams(window.location.search).get('theme'),
    ),
    // `?locale=ar` (any BCP 47 tag): the dialog's language; without it, the browser's.
    locale: new URLSearchParams(window.location.search).get('locale') ?? undefined,
    features: {
      // `?legal=1`: visitors agree to the demo's terms and privacy policy before connecting.
      ...(new URLSearchParams(window.location.search).get('legal') === '1'
        ? { legalCheckbox: true }
        : {}),
      // `?multiWallet=1`: several wallets per namespace, listed in the account's Wallets view
      // (with a `?project=` whose server allows it: the operator's off wins, SPEC §6).
      ...(new URLSearchParams(window.location.search).get('multiWallet') === '1'
        ? { multiWallet: true }
        : {}),
    },
    ...(new URLSearchParams(window.location.search).get('legal') === '1'
      ? {
          termsConditionsUrl: `${window.location.origin}/terms`,
          privacyPolicyUrl: `${window.location.origin}/privacy`,
        }
      : {}),
  })
}
