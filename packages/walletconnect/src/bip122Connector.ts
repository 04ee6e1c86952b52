// The bip122 connector's code: loaded with `import()` on first use, with `@foyer/bitcoin`'s
// transfer actions, so an app that never uses Bitcoin through WalletConnect never downloads them.
import {
  AccountNotConnectedError,
  broadcastTransaction,
  buildTransferPsbt,
  estimateTransferFee,
  finalizeTransaction,
  MethodNotSupportedError,
  parseBitcoinAddress,
  type SendTransferParameters,
  type SignPsbtParameters,
  type SignPsbtReturnType,
  TokenNotSupportedError,
  waitForTransaction,
} from '@foyer/bitcoin'
import type { CaipNetwork, ConnectorAccount } from '@foyer/core'
import { base64, hex } from '@scure/base'
import type { SessionNamespaceContext } from './createLazySessionConnector.ts'
import { createSessionNamespace } from './sessionNamespace.ts'

/** An entry of `getAccountAddresses` (WalletConnect Bitcoin RPC). */
export type WalletConnectBitcoinAddress = {
  address: string
  /** Hex, without `0x`. */
  publicKey?: string | undefined
  path?: string | undefined
  intention?: 'payment' | 'ordinal' | undefined
}

/** Bech32m witness v1: `bc1p…`, `tb1p…`, `bcrt1p…`. */
const isTaproot = (address: string) => /^(bc|tb|bcrt)1p/i.test(address)

/** Base64, whether the wallet answered base64 (as sats-connect wallets do) or hex. */
const toBase64Signature = (signature: string) =>
  /^([0-9a-f]{2})+$/i.test(signature) ? base64.encode(hex.decode(signature)) : signature

export function create(context: SessionNamespaceContext) {
  /** What `getAccountAddresses` told about the session's addresses (one session at a time). */
  let described: WalletConnectBitcoinAddress[] = []
  context.session.onEnd(() => {
    described = []
  })
  const descriptionOf = (address: string) => described.find((entry) => entry.address === address)

  /**
   * Payment first (core's default account type on Bitcoin), then ordinals. Where the wallet did
   * not say, a Taproot address next to another one is the ordinals address (Xverse, Leather).
   */
  async function toAccounts(sessionAddresses: readonly string[]): Promise<ConnectorAccount[]> {
    // The ordinals address may be described without being one of the session's accounts.
    const addresses = [
      ...new Set([
        ...sessionAddresses,
        ...described.filter((entry) => entry.intention).map((entry) => entry.address),
      ]),
    ]
    const typed = addresses.map((address): ConnectorAccount => {
      const intention = descriptionOf(address)?.intention
      const ordinal = intention
        ? intention === 'ordinal'
        : addresses.length > 1 && isTaproot(address) && !addresses.every(isTaproot)
      return { address, type: ordinal ? 'ordinal' : 'payment' }
    })
    return [
      ...typed.filter((account) => account.type === 'payment'),
      ...typed.filter((account) => account.type === 'ordinal'),
    ]
  }

  const namespace = createSessionNamespace({
    ...context,
    namespace: 'bip122',
    chainName: 'Bitcoin',
    toAccounts,
  })

  /** The account's identifier in requests: its first external (payment) address. */
  async function accountParameter(network: CaipNetwork) {
    const { approved } = await namespace.requireSession()
    const [payment] = await toAccounts(namespace.addressesOf(approved, network))
    if (!payment) throw new AccountNotConnectedError()
    return payment.address
  }

  /** The session's addresses with their purposes and public keys, from the wallet (it may prompt). */
  async function describeAddresses(): Promise<WalletConnectBitcoinAddress[]> {
    const { approved, network } = await namespace.requireSession()
    if (!namespace.methodsOf(approved).includes('getAccountAddresses')) return []
    const result = await namespace.ask<WalletConnectBitcoinAddress[]>('getAccountAddresses', {
      account: await accountParameter(network),
      intentions: ['payment', 'ordinal'],
    })
    const entries = (Array.isArray(result) ? result : []).filter(
      (entry) => typeof entry?.address === 'string',
    )
    described = entries
    return entries
  }

  async function requireAddress(address: string) {
    const { approved, network } = await namespace.requireSession()
    const known = [
      ...namespace.addressesOf(approved, network),
      ...described.map((entry) => entry.address),
    ]
    if (!known.includes(address)) throw new AccountNotConnectedError({ address })
    return { approved, network }
  }

  /** P2TR and P2SH-P2WPKH senders need their public key in the PSBT; P2WPKH does not. */
  async function senderPublicKey(address: string, network: CaipNetwork) {
    const { type } = parseBitcoinAddress({ address, network })
    if (type !== 'p2wpkh' && type !== 'p2pkh' && !descriptionOf(address)?.publicKey)
      await describeAddresses()
    return descriptionOf(address)?.publicKey
  }

  async function signPsbt({
    psbt,
    signInputs,
    broadcast = false,
  }: SignPsbtParameters): Promise<SignPsbtReturnType> {
    for (const address of Object.keys(signInputs)) await requireAddress(address)
    const { network } = await namespace.requireSession()
    const signed = await namespace.ask<{ psbt: string; txid?: string }>('signPsbt', {
      account: await accountParameter(network),
      psbt: typeof psbt === 'string' ? psbt : base64.encode(psbt),
      signInputs: Object.entries(signInputs).flatMap(([address, indexes]) =>
        indexes.map((index) => ({ address, index })),
      ),
      broadcast,
    })
    let txid = signed.txid || undefined
    // A wallet that did not broadcast leaves it to Foyer, as the Bitcoin adapter does.
    if (broadcast && !txid) {
      const { transaction } = finalizeTransaction({ psbt: base64.decode(signed.psbt) })
      txid = await broadcastTransaction({ network, transaction })
    }
    return { psbt: signed.psbt, txid }
  }

  const connector = {
    connect: async (parameters?: { network?: CaipNetwork | undefined }) => {
      const result = await namespace.connect(parameters)
      // Connecting may prompt anyway: learn which address is for what while the wallet is open.
      const entries = await describeAddresses().catch(() => [])
      if (!entries.length) return result
      const { approved, network } = await namespace.requireSession()
      return { ...result, accounts: await toAccounts(namespace.addressesOf(approved, network)) }
    },
    getAccounts: namespace.getAccounts,
    getCaipNetworkId: namespace.getCaipNetworkId,
    switchNetwork: namespace.switchNetwork,

    async request({ method, params }: { method: string; params?: unknown }) {
      return namespace.ask(method, Array.isArray(params) ? params[0] : params)
    },

    /** BIP-322 where the wallet can; base64, as `verifyBitcoinMessage` takes it. */
    async signMessage({ message, address }: { message: string; address: string }) {
      const { network } = await requireAddress(address)
      const { signature } = await namespace.ask<{ signature: string }>('signMessage', {
        account: await accountParameter(network),
        address,
        message,
        protocol: 'bip322',
      })
      return toBase64Signature(signature)
    },

    signPsbt,

    async sendTransaction({ from, to, value = 0n }: { from: string; to: string; value?: bigint }) {
      return connector.sendTransfer({ from, to, amount: value })
    },

    async estimateTransferFee({
      from,
      to,
      amount,
      feeRate,
    }: Omit<SendTransferParameters, 'confirm' | 'mint'>) {
      const { network } = await requireAddress(from)
      parseBitcoinAddress({ address: to, network })
      return estimateTransferFee({
        network,
        from,
        publicKey: await senderPublicKey(from, network),
        to,
        amount,
        feeRate,
      })
    },

    /**
     * Builds the PSBT as the Bitcoin adapter does (coins and fee rate from the network's Esplora),
     * has the wallet sign it (`signPsbt`) and broadcasts it; a wallet without `signPsbt` is asked
     * to send the transfer itself (`sendTransfer`). Resolves with the txid.
     */
    async sendTransfer({
      from,
      to,
      amount,
      mint,
      confirm = true,
      feeRate,
    }: SendTransferParameters) {
      if (mint !== undefined) throw new TokenNotSupportedError({ details: `Token ${mint}` })
      const { approved, network } = await requireAddress(from)
      // A wrong receiver is the visitor's mistake to correct before anything is read or signed.
      parseBitcoinAddress({ address: to, network })
      const methods = namespace.methodsOf(approved)
      let txid: string
      if (methods.includes('signPsbt')) {
        const built = await buildTransferPsbt({
          network,
          from,
          publicKey: await senderPublicKey(from, network),
          to,
          amount,
          feeRate,
        })
        const signed = await signPsbt({ psbt: built.psbt, signInputs: built.signInputs })
        const { transaction } = finalizeTransaction({ psbt: base64.decode(signed.psbt) })
        txid = await broadcastTransaction({ network, transaction })
      } else if (methods.includes('sendTransfer')) {
        const sent = await namespace.ask<{ txid?: string; tx_id?: string }>('sendTransfer', {
          account: await accountParameter(network),
          recipientAddress: to,
          amount: amount.toString(),
        })
        txid = String(sent.txid ?? sent.tx_id ?? '')
      } else throw new MethodNotSupportedError({ method: 'signPsbt' })
      // Bitcoin confirms in about ten minutes: "confirmed" here means the node knows it.
      if (confirm) await waitForTransaction({ network, txid })
      return txid
    },
  }

  return connector
}
