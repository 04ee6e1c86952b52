import {
  type CaipNetwork,
  type ConnectorAccount,
  type ConnectorEventMap,
  createEmitter,
  UnsupportedChainError,
} from '@foyer/core'
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getUtf8Encoder,
} from '@solana/kit'
import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionFeature,
  SolanaSignMessage,
  type SolanaSignMessageFeature,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { WalletAccount } from '@wallet-standard/base'
import {
  StandardConnect,
  type StandardConnectFeature,
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsFeature,
} from '@wallet-standard/features'
import { buildTransferTransaction } from './actions/buildTransferTransaction.ts'
import { estimateTransferFee } from './actions/estimateTransferFee.ts'
import { requestCluster } from './actions/requestCluster.ts'
import { sendWireTransaction } from './actions/sendWireTransaction.ts'
import { waitForSignature } from './actions/waitForSignature.ts'
import {
  AccountNotConnectedError,
  MethodNotSupportedError,
  WalletFeatureNotSupportedError,
} from './errors.ts'
import { toWalletStandardChain } from './networks.ts'
import type { SolanaConnector, SolanaWallet } from './types.ts'

export type CreateWalletStandardConnectorParameters = {
  wallet: SolanaWallet
  /** The adapter's Solana networks; the first one the wallet supports is where it starts. */
  networks: readonly CaipNetwork[]
}

const base58 = { encode: getBase58Encoder(), decode: getBase58Decoder() }
const base64 = { encode: getBase64Encoder(), decode: getBase64Decoder() }

/** Sign features Foyer can use; a wallet needs one of them besides `standard:connect`. */
const SIGN_FEATURES = [SolanaSignAndSendTransaction, SolanaSignTransaction, SolanaSignMessage]

/** Whether Foyer can connect to this wallet on Solana (wallet-standard lists every chain's wallets). */
export function isSolanaWallet(wallet: SolanaWallet): boolean {
  return (
    StandardConnect in wallet.features &&
    SIGN_FEATURES.some((feature) => feature in wallet.features) &&
    wallet.chains.some((chain) => chain.startsWith('solana:'))
  )
}

/** A stable connector id from the wallet's name: wallet-standard has no rdns. */
export function toConnectorId(wallet: SolanaWallet): string {
  return `solana.${wallet.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`
}

const isSolanaAccount = (account: WalletAccount) =>
  account.chains.length === 0 || account.chains.some((chain) => chain.startsWith('solana:'))
const toAccounts = (accounts: readonly WalletAccount[]): ConnectorAccount[] =>
  accounts.filter(isSolanaAccount).map((account) => ({ address: account.address, type: 'eoa' }))

/**
 * A Foyer connector over one wallet-standard Solana wallet. The cluster is the app's choice (a
 * Solana wallet has no "current chain" to switch), so `switchNetwork` never prompts: it changes
 * where balances are read and which chain transactions are sent to.
 */
export function createWalletStandardConnector(
  parameters: CreateWalletStandardConnectorParameters,
): SolanaConnector {
  const { wallet, networks } = parameters
  const emitter = createEmitter<ConnectorEventMap>()
  const supportsChain = (network: CaipNetwork) =>
    wallet.chains.includes(toWalletStandardChain(network))
  let network: CaipNetwork | undefined = networks.find(supportsChain) ?? networks[0]
  let stopListening: (() => void) | undefined
  let connectedAccounts: readonly WalletAccount[] = []

  const feature = <feature>(name: string): feature => {
    const found = wallet.features[name as `${string}:${string}`]
    if (!found) throw new WalletFeatureNotSupportedError({ feature: name })
    return found as feature
  }
  const activeNetwork = () => {
    if (!network) throw new UnsupportedChainError({ details: 'No Solana network is configured.' })
    return network
  }
  const walletAccount = (address: string) => {
    const account = [...wallet.accounts, ...connectedAccounts].find(
      (candidate) => candidate.address === address,
    )
    if (!account) throw new AccountNotConnectedError({ address })
    return account
  }

  function startListening() {
    if (stopListening || !(StandardEvents in wallet.features)) return
    const { on } = feature<StandardEventsFeature[typeof StandardEvents]>(StandardEvents)
    stopListening = on('change', ({ accounts }) => {
      if (!accounts) return
      connectedAccounts = accounts
      const next = toAccounts(accounts)
      if (next.length) emitter.emit('accountsChanged', { accounts: next })
      else {
        // The wallet revoked the site (or locked): that is a disconnect, not an empty account list.
        stopListening?.()
        stopListening = undefined
        emitter.emit('disconnect', {})
      }
    })
  }

  async function signTransaction({
    transaction,
    address,
  }: {
    transaction: Uint8Array
    address: string
  }) {
    const { signTransaction: sign } =
      feature<SolanaSignTransactionFeature[typeof SolanaSignTransaction]>(SolanaSignTransaction)
    const [output] = await sign({
      account: walletAccount(address),
      transaction,
      chain: toWalletStandardChain(activeNetwork()),
    })
    if (!output) throw new WalletFeatureNotSupportedError({ feature: SolanaSignTransaction })
    return output.signedTransaction
  }

  async function signAndSendTransaction({
    transaction,
    address,
  }: {
    transaction: Uint8Array
    address: string
  }) {
    const target = activeNetwork()
    if (SolanaSignAndSendTransaction in wallet.features && supportsChain(target)) {
      const { signAndSendTransaction: signAndSend } = feature<
        SolanaSignAndSendTransactionFeature[typeof SolanaSignAndSendTransaction]
      >(SolanaSignAndSendTransaction)
      const [output] = await signAndSend({
        account: walletAccount(address),
        transaction,
        chain: toWalletStandardChain(target),
        options: { commitment: 'confirmed' },
      })
      if (!output)
        throw new WalletFeatureNotSupportedError({ feature: SolanaSignAndSendTransaction })
      return base58.decode.decode(output.signature)
    }
    // The wallet does not send to this cluster (e.g. a custom RPC): sign there, send here.
    const signed = await signTransaction({ transaction, address })
    return sendWireTransaction({ network: target, transaction: signed })
  }

  async function signMessage({
    message,
    address,
  }: {
    message: string | Uint8Array
    address: string
  }) {
    const { signMessage: sign } =
      feature<SolanaSignMessageFeature[typeof SolanaSignMessage]>(SolanaSignMessage)
    const bytes =
      typeof message === 'string' ? new Uint8Array(getUtf8Encoder().encode(message)) : message
    const [output] = await sign({ account: walletAccount(address), message: bytes })
    if (!output) throw new WalletFeatureNotSupportedError({ feature: SolanaSignMessage })
    // Solana's convention (and what `verifySignature` takes after decoding): base58 signatures.
    return base58.decode.decode(output.signature)
  }

  const connector: SolanaConnector = {
    id: toConnectorId(wallet),
    name: wallet.name,
    icon: wallet.icon,
    type: 'announced',
    namespace: 'solana',
    wallet,

    async connect({ network: requested } = {}) {
      const { connect } = feature<StandardConnectFeature[typeof StandardConnect]>(StandardConnect)
      const { accounts } = await connect()
      connectedAccounts = accounts
      if (requested?.chainNamespace === 'solana') network = requested
      startListening()
      return { accounts: toAccounts(accounts), caipNetworkId: activeNetwork().caipNetworkId }
    },

    async disconnect() {
      stopListening?.()
      stopListening = undefined
      connectedAccounts = []
      if (StandardDisconnect in wallet.features)
        await feature<StandardDisconnectFeature[typeof StandardDisconnect]>(
          StandardDisconnect,
        ).disconnect()
    },

    async getAccounts() {
      let accounts = wallet.accounts
      if (!accounts.length) {
        // A wallet that authorised the site before answers a silent connect without prompting.
        const { connect } = feature<StandardConnectFeature[typeof StandardConnect]>(StandardConnect)
        accounts = await connect({ silent: true })
          .then((output) => output.accounts)
          .catch(() => [])
      }
      connectedAccounts = accounts
      const result = toAccounts(accounts)
      if (result.length) startListening()
      return result
    },

    async getCaipNetworkId() {
      return activeNetwork().caipNetworkId
    },

    async switchNetwork({ network: next }) {
      if (
        next.chainNamespace !== 'solana' ||
        !networks.some((known) => known.caipNetworkId === next.caipNetworkId)
      )
        throw new UnsupportedChainError({
          details: `${next.caipNetworkId} is not a configured Solana network.`,
        })
      network = next
      emitter.emit('chainChanged', { caipNetworkId: next.caipNetworkId })
    },

    async request({ method, params }) {
      const first = (Array.isArray(params) ? params[0] : params) as
        | Record<string, string>
        | undefined
      const address = first?.pubkey ?? first?.address ?? connectedAccounts[0]?.address ?? ''
      switch (method) {
        // WalletConnect's Solana methods, with their base58 / base64 encodings.
        case 'solana_signMessage': {
          const message = new Uint8Array(base58.encode.encode(String(first?.message)))
          return { signature: await signMessage({ message, address }) }
        }
        case 'solana_signTransaction': {
          const transaction = new Uint8Array(base64.encode.encode(String(first?.transaction)))
          const signed = await signTransaction({ transaction, address })
          return { transaction: base64.decode.decode(signed) }
        }
        case 'solana_signAndSendTransaction': {
          const transaction = new Uint8Array(base64.encode.encode(String(first?.transaction)))
          return { signature: await signAndSendTransaction({ transaction, address }) }
        }
        default:
          if (method.startsWith('solana_') || method.includes(':'))
            throw new MethodNotSupportedError({ method })
          // Everything else is a cluster read (getBalance, getAccountInfo, …) for the active network.
          return requestCluster(activeNetwork(), { method, params })
      }
    },

    on: (event, listener) => emitter.on(event, listener),
    off: (event, listener) => emitter.off(event, listener),

    signMessage,
    signTransaction,
    signAndSendTransaction,

    async sendTransaction({ from, to, value = 0n }) {
      return connector.sendTransfer({ from, to, amount: value })
    },

    async estimateTransferFee({ from, to, amount, mint }) {
      const { fee, signatures } = await estimateTransferFee({
        network: activeNetwork(),
        from,
        to,
        amount,
        mint,
      })
      return { fee, signatures }
    },

    async sendTransfer({ from, to, amount, mint, confirm = true }) {
      const target = activeNetwork()
      const { transaction } = await buildTransferTransaction({
        network: target,
        from,
        to,
        amount,
        mint,
      })
      const signature = await signAndSendTransaction({ transaction, address: from })
      if (confirm) await waitForSignature({ network: target, signature })
      return signature
    },
  }
  return connector
}
