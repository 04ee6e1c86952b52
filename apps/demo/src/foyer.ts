import * as world from 'virtual:foyer-world'
import { bitcoinAdapter, createBitcoinRegtest } from '@foyer/bitcoin'
import { type Adapter, createFoyer, type Foyer } from '@foyer/core'
import { cosmosAdapter, createCosmosNetwork } from '@foyer/cosmos'
import { evmAdapter } from '@foyer/evm'
import { embeddedWalletAdapter } from '@foyer/frame/connector'
import { createPolkadotNetwork, polkadotAdapter } from '@foyer/polkadot'
import { createSolanaLocalnet, solanaAdapter } from '@foyer/solana'
import { walletConnectAdapter } from '@foyer/walletconnect'
import { devnetChains } from './chains.ts'
import { type PlaygroundSettings, playgroundOptions } from './playground/settings.ts'

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

export const metadata = {
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
 * `?relayUrl=ws://127.0.0.1:…` points WalletConnect at another relay on this machine (tests of a
 * relay outage run their own); any other value is ignored, so a link cannot send the visitor's
 * wallet traffic elsewhere.
 */
function walletConnectRelayUrl() {
  const value = new URLSearchParams(window.location.search).get('relayUrl')
  if (!value || !URL.canParse(value)) return world.relayUrl
  const url = new URL(value)
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost'
  return url.protocol === 'ws:' && loopback ? value : world.relayUrl
}

/**
 * The secure frame's URL. Opened on `localhost`, the demo takes the frame on `localhost` too (same
 * port): WebAuthn refuses an IP address as a passkey's relying party, and the frame stays on the
 * page's site (its SameSite=Strict cookies) while being another origin.
 */
export function frameUrl() {
  const url = new URL(world.frameUrl)
  if (window.location.hostname === 'localhost' && url.hostname === '127.0.0.1')
    url.hostname = 'localhost'
  return url.href
}

/**
 * What each network of the world other than EVM is made from (shown as is in the playground's
 * code): just the connection facts, none of the world's test accounts.
 */
export const networkParameters = {
  solana: world.solana && {
    rpcUrl: world.solana.rpcUrl,
    wsUrl: world.solana.wsUrl,
    genesisHash: world.solana.genesisHash,
  },
  bitcoin: world.bitcoin && { esploraUrl: world.bitcoin.esploraUrl },
  cosmos: world.cosmos && {
    chainId: world.cosmos.chainId,
    name: 'Cosmos Local',
    rpcUrl: world.cosmos.rpcUrl,
    bech32Prefix: world.cosmos.bech32Prefix,
    denom: world.cosmos.denom,
    displayDenom: world.cosmos.displayDenom,
    decimals: world.cosmos.decimals,
    testnet: true,
  },
  polkadot: world.polkadot && {
    genesisHash: world.polkadot.genesisHash,
    name: 'Polkadot Local',
    wsUrl: world.polkadot.wsUrl,
    ss58Prefix: world.polkadot.ss58Prefix,
    symbol: world.polkadot.symbol,
    decimals: world.polkadot.decimals,
    testnet: true,
  },
}

/** The local Solana cluster (LiteSVM), when the world runs one. */
const solanaLocal = networkParameters.solana
  ? createSolanaLocalnet(networkParameters.solana)
  : undefined

/** The local Bitcoin regtest chain (bcoin behind an Esplora API), when the world runs one. */
const bitcoinLocal = networkParameters.bitcoin
  ? createBitcoinRegtest(networkParameters.bitcoin)
  : undefined

/** The local Cosmos chain (CometBFT RPC over an in-memory bank), when the world runs one. */
const cosmosLocal = networkParameters.cosmos
  ? createCosmosNetwork(networkParameters.cosmos)
  : undefined

/** The local Polkadot chain (chopsticks, an Asset Hub runtime from npm), when the world runs one. */
const polkadotLocal = networkParameters.polkadot
  ? createPolkadotNetwork(networkParameters.polkadot)
  : undefined

/** Every network the world runs, as the playground lists them (CAIP-2 id, name, namespace). */
export const worldNetworks = [
  ...devnetChains.map((chain) => ({
    caipNetworkId: `eip155:${chain.id}`,
    name: chain.name,
    namespace: 'eip155' as const,
  })),
  ...[solanaLocal, bitcoinLocal, cosmosLocal, polkadotLocal].flatMap((network) =>
    network
      ? [
          {
            caipNetworkId: network.caipNetworkId,
            name: network.name,
            namespace: network.chainNamespace,
          },
        ]
      : [],
  ),
]

/** `?project=<id>` runs the demo as another project of the server (tests of operator settings). */
export function projectId() {
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

export type CreateDemoFoyerParameters = {
  /** Adapters beside the demo's own (the wagmi bridge of `?wagmi=1`). */
  adapters?: readonly Adapter[] | undefined
  /** The landing page's playground: its networks, features, theme and language. */
  playground?: PlaygroundSettings | undefined
}

/** Passkey login needs a domain name: the frame on `localhost` offers it, on 127.0.0.1 not. */
export const passkeysOffered = () => !/^(\d+\.){3}\d+$|^\[/.test(new URL(frameUrl()).hostname)

export function createDemoFoyer(parameters: CreateDemoFoyerParameters = {}): Foyer {
  const selected = parameters.playground?.networks
  const picked = <network extends { caipNetworkId: string }>(network: network | undefined) =>
    network && (!selected || selected.includes(network.caipNetworkId)) ? network : undefined
  const chains = configuredChains().filter(
    (chain) => !selected || selected.includes(`eip155:${chain.id}`),
  )
  const solana = offers('solana') ? picked(solanaLocal) : undefined
  const bitcoin = offers('bip122') ? picked(bitcoinLocal) : undefined
  const cosmos = offers('cosmos') ? picked(cosmosLocal) : undefined
  const polkadot = offers('polkadot') ? picked(polkadotLocal) : undefined
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
        relayUrl: walletConnectRelayUrl(),
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
        passkeys: passkeysOffered(),
      }),
      ...(parameters.adapters ?? []),
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
      // `?smartSessions=1`: the account view offers "Manage smart sessions" (off by default, SPEC §6).
      ...(new URLSearchParams(window.location.search).get('smartSessions') === '1'
        ? { smartSessions: true }
        : {}),
    },
    ...(new URLSearchParams(window.location.search).get('legal') === '1'
      ? {
          termsConditionsUrl: `${window.location.origin}/terms`,
          privacyPolicyUrl: `${window.location.origin}/privacy`,
        }
      : {}),
    // The playground's choices replace the query's (what it leaves at Foyer's default is unset).
    ...(parameters.playground ? playgroundOverrides(parameters.playground) : {}),
  })
}

function playgroundOverrides(settings: PlaygroundSettings) {
  const options = playgroundOptions(settings, window.location.origin)
  const smartSessions = new URLSearchParams(window.location.search).get('smartSessions') === '1'
  return {
    themeMode: undefined,
    themeVariables: undefined,
    locale: undefined,
    siwx: undefined,
    termsConditionsUrl: undefined,
    privacyPolicyUrl: undefined,
    ...options,
    features: { ...(smartSessions ? { smartSessions } : {}), ...options.features },
  }
}
