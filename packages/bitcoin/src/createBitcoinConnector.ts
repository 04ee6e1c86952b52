import {
  type CaipNetwork,
  type ConnectorAccount,
  type ConnectorEventMap,
  createEmitter,
  UnsupportedChainError,
} from '@foyer/core'
import { base64 } from '@scure/base'
import {
  AccountNotConnectedError,
  MethodNotSupportedError,
  TokenNotSupportedError,
} from './errors.ts'
import type { BitcoinWalletClient } from './internal/walletClient.ts'
import type {
  BitcoinConnector,
  BitcoinWalletAccount,
  SendTransferParameters,
  SignPsbtParameters,
} from './types.ts'

export type CreateBitcoinConnectorParameters = {
  name: string
  icon?: string | undefined
  client: BitcoinWalletClient
  /** The adapter's Bitcoin networks; the first one is where it starts. */
  networks: readonly CaipNetwork[]
}

/** A stable connector id from the wallet's name, the same whichever protocol found the wallet. */
export function toConnectorId(name: string): string {
  return `bip122.${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`
}

/** Payment address first (core's default account type on Bitcoin), then the ordinals one. */
function toConnectorAccounts(accounts: readonly BitcoinWalletAccount[]): ConnectorAccount[] {
  const result: ConnectorAccount[] = []
  for (const purpose of ['payment', 'ordinals'] as const)
    for (const account of accounts)
      if (account.purpose === purpose && !result.some((known) => known.address === account.address))
        result.push({
          address: account.address,
          type: purpose === 'payment' ? 'payment' : 'ordinal',
        })
  return result
}

/**
 * A Foyer connector over one Bitcoin wallet. The network is the app's choice (no wallet can be
 * asked to switch to regtest), so `switchNetwork` never prompts: it changes where balances are
 * read, which addresses are valid, and where transfers are broadcast. Transfers are built here
 * from the network's Esplora API, signed by the wallet as a PSBT, and broadcast here.
 */
export function createBitcoinConnector(
  parameters: CreateBitcoinConnectorParameters,
): BitcoinConnector {
  const { name, icon, client, networks } = parameters
  const emitter = createEmitter<ConnectorEventMap>()
  const transfers = () => import('./internal/transfers.ts')
  let network: CaipNetwork | undefined = networks[0]
  let accounts: readonly BitcoinWalletAccount[] = []
  let stopListening: (() => void) | undefined

  const activeNetwork = () => {
    if (!network) throw new UnsupportedChainError({ details: 'No Bitcoin network is configured.' })
    return network
  }
  const walletAccount = (address: string) => {
    const account = accounts.find((candidate) => candidate.address === address)
    if (!account) throw new AccountNotConnectedError({ address })
    return account
  }
  const stop = () => {
    stopListening?.()
    stopListening = undefined
  }
  const startListening = () => {
    if (stopListening) return
    stopListening = client.subscribe({
      onAccounts(next) {
        accounts = next
        const result = toConnectorAccounts(next)
        if (result.length) emitter.emit('accountsChanged', { accounts: result })
        else {
          // No address left is the wallet revoking the site: a disconnect, not an empty list.
          stop()
          emitter.emit('disconnect', {})
        }
      },
      onDisconnect() {
        accounts = []
        stop()
        emitter.emit('disconnect', {})
      },
    })
  }

  async function signMessage({ message, address }: { message: string; address: string }) {
    return client.signMessage({ account: walletAccount(address), message })
  }

  async function signPsbt({ psbt, signInputs, broadcast = false }: SignPsbtParameters) {
    for (const address of Object.keys(signInputs)) walletAccount(address)
    const target = activeNetwork()
    const signed = await client.signPsbt({
      psbt: typeof psbt === 'string' ? base64.decode(psbt) : psbt,
      signInputs,
      accounts,
      broadcast,
      network: target,
    })
    let { txid } = signed
    // A wallet that cannot broadcast (the wallet standard has no such option) leaves it to Foyer.
    if (broadcast && !txid) {
      const { finalizeTransaction, broadcastTransaction } = await transfers()
      const { transaction } = finalizeTransaction({ psbt: signed.psbt })
      txid = await broadcastTransaction({ network: target, transaction })
    }
    return { psbt: base64.encode(signed.psbt), txid }
  }

  const connector: BitcoinConnector = {
    id: toConnectorId(name),
    name,
    icon,
    type: 'announced',
    namespace: 'bip122',
    protocol: client.protocol,

    async connect({ network: requested } = {}) {
      if (requested?.chainNamespace === 'bip122') network = requested
      accounts = await client.connect(activeNetwork())
      startListening()
      return {
        accounts: toConnectorAccounts(accounts),
        caipNetworkId: activeNetwork().caipNetworkId,
      }
    },

    async disconnect() {
      stop()
      accounts = []
      await client.disconnect()
    },

    async getAccounts() {
      accounts = await client.getAccounts().catch(() => [])
      const result = toConnectorAccounts(accounts)
      if (result.length) startListening()
      return result
    },

    async getCaipNetworkId() {
      return activeNetwork().caipNetworkId
    },

    async switchNetwork({ network: next }) {
      if (
        next.chainNamespace !== 'bip122' ||
        !networks.some((known) => known.caipNetworkId === next.caipNetworkId)
      )
        throw new UnsupportedChainError({
          details: `${next.caipNetworkId} is not a configured Bitcoin network.`,
        })
      network = next
      emitter.emit('chainChanged', { caipNetworkId: next.caipNetworkId })
    },

    async request({ method, params }) {
      const input = (Array.isArray(params) ? params[0] : params) as
        | Record<string, unknown>
        | undefined
      switch (method) {
        case 'signMessage': {
          const address = String(input?.address ?? accounts[0]?.address ?? '')
          const signature = await signMessage({ message: String(input?.message ?? ''), address })
          return { address, signature }
        }
        case 'signPsbt':
          return signPsbt({
            psbt: String(input?.psbt ?? ''),
            signInputs: (input?.signInputs ?? {}) as Record<string, number[]>,
            broadcast: input?.broadcast === true,
          })
        default:
          if (!client.request) throw new MethodNotSupportedError({ method })
          return client.request(method, params)
      }
    },

    on: (event, listener) => emitter.on(event, listener),
    off: (event, listener) => emitter.off(event, listener),

    getWalletAccounts: () => accounts,
    signMessage,
    signPsbt,

    async sendTransaction({ from, to, value = 0n }) {
      return connector.sendTransfer({ from, to, amount: value })
    },

    async estimateTransferFee({ from, to, amount, feeRate }) {
      const target = activeNetwork()
      const { parseBitcoinAddress, estimateTransferFee } = await transfers()
      parseBitcoinAddress({ address: to, network: target })
      const { publicKey } = walletAccount(from)
      return estimateTransferFee({ network: target, from, publicKey, to, amount, feeRate })
    },

    async sendTransfer({
      from,
      to,
      amount,
      mint,
      confirm = true,
      feeRate,
    }: SendTransferParameters) {
      if (mint !== undefined) throw new TokenNotSupportedError({ details: `Token ${mint}` })
      const target = activeNetwork()
      const {
        parseBitcoinAddress,
        buildTransferPsbt,
        finalizeTransaction,
        broadcastTransaction,
        waitForTransaction,
      } = await transfers()
      // A wrong receiver is the visitor's mistake to correct before anything is read or signed.
      parseBitcoinAddress({ address: to, network: target })
      const { publicKey } = walletAccount(from)
      const built = await buildTransferPsbt({
        network: target,
        from,
        publicKey,
        to,
        amount,
        feeRate,
      })
      const signed = await client.signPsbt({
        psbt: built.psbt,
        signInputs: built.signInputs,
        accounts,
        broadcast: false,
        network: target,
      })
      let txid = signed.txid
      if (!txid) {
        const { transaction } = finalizeTransaction({ psbt: signed.psbt })
        txid = await broadcastTransaction({ network: target, transaction })
      }
      // Bitcoin confirms in about ten minutes: "confirmed" here means the node knows it.
      if (confirm) await waitForTransaction({ network: target, txid })
      return txid
    },
  }
  return connector
}
