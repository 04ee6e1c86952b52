import {
  type BaseStorage,
  type CaipNetwork,
  type ConnectorAccount,
  type ConnectorEventMap,
  createEmitter,
  UnsupportedChainError,
} from '@foyer/core'
import { enableCosmosChain } from './actions/enableCosmosChain.ts'
import { sendCosmosTransfer } from './actions/sendCosmosTransfer.ts'
import { signCosmosMessage } from './actions/signCosmosMessage.ts'
import {
  AccountNotConnectedError,
  MethodNotSupportedError,
  toWalletError,
  WalletNotFoundError,
} from './errors.ts'
import type { CosmosNetwork } from './networks.ts'
import type { CosmosConnector, CosmosKey, CosmosWallet } from './types.ts'

/** The page the wallet is injected into: `window`, or a stand-in in tests. */
export type CosmosWalletTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>

export type CreateKeplrConnectorParameters = {
  target: CosmosWalletTarget
  /** The global the wallet is injected as: `keplr`, `leap`. */
  walletKey: string
  /** Shown when the wallet does not name itself. */
  name: string
  /** The window event the wallet fires when its key changes (`keplr_keystorechange`). */
  keystoreEvent: string
  /** The adapter's Cosmos networks; the first is where the connector starts. */
  networks: readonly CosmosNetwork[]
  /**
   * Where the connector remembers the chains the visitor enabled, so `getAccounts` can answer
   * without a prompt after a reload (Keplr's `getKey` prompts on a chain the site may not use).
   */
  storage?: BaseStorage | undefined
}

const toAccounts = (key: CosmosKey | undefined): ConnectorAccount[] =>
  key ? [{ address: key.bech32Address, type: 'eoa' }] : []
const base64 = async (bytes: Uint8Array) => (await import('@cosmjs/encoding')).toBase64(bytes)
const fromBase64 = async (text: unknown) =>
  (await import('@cosmjs/encoding')).fromBase64(String(text ?? ''))

/**
 * A Foyer connector over one Keplr-style injected wallet (Keplr, Leap, and the wallets that speak
 * their API). The chain is the app's choice: connecting and switching `enable` the chain id (after
 * suggesting chains the wallets do not ship), so a chain prompts once and is silent afterwards.
 */
export function createKeplrConnector(parameters: CreateKeplrConnectorParameters): CosmosConnector {
  const { target, walletKey, keystoreEvent, networks, storage } = parameters
  const id = `cosmos.${walletKey}`
  const storageKey = `foyer.cosmos.${walletKey}.chains`
  const emitter = createEmitter<ConnectorEventMap>()
  let network: CosmosNetwork | undefined = networks[0]
  let key: CosmosKey | undefined
  let listening = false

  const walletOrUndefined = () =>
    (target as unknown as Record<string, CosmosWallet | undefined>)[walletKey]
  const wallet = () => {
    const found = walletOrUndefined()
    if (!found) throw new WalletNotFoundError({ walletKey })
    return found
  }
  const activeNetwork = () => {
    if (!network) throw new UnsupportedChainError({ details: 'No Cosmos network is configured.' })
    return network
  }
  const findNetwork = (requested: CaipNetwork) => {
    const found = networks.find((entry) => entry.caipNetworkId === requested.caipNetworkId)
    if (!found)
      throw new UnsupportedChainError({
        details: `${requested.caipNetworkId} is not a configured Cosmos network.`,
      })
    return found
  }
  const connectedAddress = (address: string) => {
    if (!key || key.bech32Address !== address) throw new AccountNotConnectedError({ address })
    return key
  }

  const remembered = (): string[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(storageKey) ?? '[]')
      return Array.isArray(parsed) ? parsed.filter((entry) => typeof entry === 'string') : []
    } catch {
      return []
    }
  }
  const remember = (chainId: string) => {
    const chains = remembered()
    if (!chains.includes(chainId))
      storage?.setItem(storageKey, JSON.stringify([...chains, chainId]))
  }

  // The wallet switched accounts (or was locked): read the key again on the same chain.
  const onKeystoreChange = () => {
    const chainId = network?.cosmos.chainId
    if (!key || !chainId) return
    const previous = key.bech32Address
    walletOrUndefined()
      ?.getKey(chainId)
      .then((next) => {
        key = next
        if (next.bech32Address !== previous)
          emitter.emit('accountsChanged', { accounts: toAccounts(next) })
      })
      .catch(() => {
        key = undefined
        stopListening()
        emitter.emit('disconnect', {})
      })
  }
  const startListening = () => {
    if (listening) return
    listening = true
    target.addEventListener(keystoreEvent, onKeystoreChange)
  }
  const stopListening = () => {
    listening = false
    target.removeEventListener(keystoreEvent, onKeystoreChange)
  }

  const connector: CosmosConnector = {
    id,
    get name() {
      const declared = walletOrUndefined()?.name
      return typeof declared === 'string' && declared ? declared : parameters.name
    },
    get icon() {
      const declared = walletOrUndefined()?.icon
      return typeof declared === 'string' ? declared : undefined
    },
    type: 'injected',
    namespace: 'cosmos',
    get wallet() {
      return wallet()
    },

    async connect({ network: requested } = {}) {
      const next = requested?.chainNamespace === 'cosmos' ? findNetwork(requested) : activeNetwork()
      key = await enableCosmosChain({ wallet: wallet(), chain: next.cosmos, chainName: next.name })
      network = next
      remember(next.cosmos.chainId)
      startListening()
      return { accounts: toAccounts(key), caipNetworkId: next.caipNetworkId }
    },

    async disconnect() {
      stopListening()
      key = undefined
      const chains = remembered()
      storage?.removeItem(storageKey)
      // Keplr ≥ 0.12 forgets the site's permission too, so the next connect asks again.
      await walletOrUndefined()
        ?.disable?.(chains)
        .catch(() => {})
    },

    async getAccounts() {
      if (key) return toAccounts(key)
      // Only chains the visitor enabled before: getKey on any other chain would prompt.
      const chains = remembered()
      const candidate =
        network && chains.includes(network.cosmos.chainId)
          ? network
          : networks.find((entry) => chains.includes(entry.cosmos.chainId))
      const found = walletOrUndefined()
      if (!candidate || !found) return []
      try {
        key = await found.getKey(candidate.cosmos.chainId)
      } catch {
        return []
      }
      network = candidate
      startListening()
      return toAccounts(key)
    },

    async getCaipNetworkId() {
      return activeNetwork().caipNetworkId
    },

    async switchNetwork({ network: requested }) {
      const next = findNetwork(requested)
      if (key) {
        const previous = key.bech32Address
        key = await enableCosmosChain({
          wallet: wallet(),
          chain: next.cosmos,
          chainName: next.name,
          rejectedMessage: 'Network switch rejected',
        })
        remember(next.cosmos.chainId)
        network = next
        // Another chain may have another prefix, so another address for the same key.
        if (key.bech32Address !== previous)
          emitter.emit('accountsChanged', { accounts: toAccounts(key) })
      } else network = next
      emitter.emit('chainChanged', { caipNetworkId: next.caipNetworkId })
    },

    async request({ method, params }) {
      const input = (Array.isArray(params) ? params[0] : params) as
        | { signerAddress?: string; signDoc?: Record<string, unknown> }
        | undefined
      const chainId = activeNetwork().cosmos.chainId
      switch (method) {
        // WalletConnect's Cosmos methods, with their base64 encodings.
        case 'cosmos_getAccounts':
          return key
            ? [{ algo: key.algo, address: key.bech32Address, pubkey: await base64(key.pubKey) }]
            : []
        case 'cosmos_signDirect': {
          const signer = connectedAddress(String(input?.signerAddress)).bech32Address
          const doc = input?.signDoc ?? {}
          const signDoc = {
            chainId: String(doc.chainId ?? chainId),
            accountNumber: BigInt(String(doc.accountNumber ?? 0)),
            bodyBytes: await fromBase64(doc.bodyBytes),
            authInfoBytes: await fromBase64(doc.authInfoBytes),
          }
          const found = wallet()
          const { signature, signed } = await (found.signDirect
            ? found.signDirect(signDoc.chainId, signer, signDoc)
            : found.getOfflineSigner(signDoc.chainId).signDirect(signer, signDoc)
          ).catch((error: unknown) => {
            throw toWalletError(error, 'Signature rejected')
          })
          return {
            signature,
            signed: {
              chainId: signed.chainId,
              accountNumber: signed.accountNumber.toString(),
              bodyBytes: await base64(signed.bodyBytes),
              authInfoBytes: await base64(signed.authInfoBytes),
            },
          }
        }
        case 'cosmos_signAmino': {
          const signer = connectedAddress(String(input?.signerAddress)).bech32Address
          const signDoc = input?.signDoc as unknown as Parameters<
            NonNullable<CosmosWallet['signAmino']>
          >[2]
          const found = wallet()
          return (
            found.signAmino
              ? found.signAmino(signDoc.chain_id || chainId, signer, signDoc)
              : found.getOfflineSigner(signDoc.chain_id || chainId).signAmino(signer, signDoc)
          ).catch((error: unknown) => {
            throw toWalletError(error, 'Signature rejected')
          })
        }
        default:
          throw new MethodNotSupportedError({ method })
      }
    },

    on: (event, listener) => emitter.on(event, listener),
    off: (event, listener) => emitter.off(event, listener),

    async getKey() {
      if (!key) throw new AccountNotConnectedError()
      return key
    },

    async signMessage({ message, address }) {
      connectedAddress(address)
      return signCosmosMessage({
        wallet: wallet(),
        chainId: activeNetwork().cosmos.chainId,
        address,
        message,
      })
    },

    async sendTransfer({ from, to, amount, mint, denom, memo, confirm }) {
      connectedAddress(from)
      return sendCosmosTransfer({
        wallet: wallet(),
        chain: activeNetwork().cosmos,
        from,
        to,
        amount,
        denom: denom ?? mint,
        memo,
        confirm,
      })
    },
  }
  return connector
}
