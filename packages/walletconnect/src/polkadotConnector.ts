// The polkadot connector's code: loaded with `import()` on first use, with `@foyer/polkadot`'s
// actions (and through them `@polkadot/api` when a transfer needs the chain).
import type { CaipNetwork, ConnectorAccount, ConnectorTransferParameters } from '@foyer/core'
import {
  AccountNotConnectedError,
  createApiPool,
  getSs58Prefix,
  type InjectedSigner,
  type PolkadotSignMessageParameters,
  type SignerPayloadJSON,
  sendBalanceTransfer,
  signRawMessage,
  TokenNotSupportedError,
  toPolkadotAddress,
} from '@foyer/polkadot'
import type { SessionNamespaceContext } from './createLazySessionConnector.ts'
import { createSessionNamespace } from './sessionNamespace.ts'

export function create(context: SessionNamespaceContext) {
  const apis = createApiPool()
  // The session is gone: so are the transfers that needed a node connection.
  context.session.onEnd(() => void apis.disconnect())

  /** The session's accounts in the network's SS58 format, as the extension connector lists them. */
  async function toAccounts(addresses: readonly string[], network: CaipNetwork) {
    const ss58Prefix = getSs58Prefix(network)
    const accounts: ConnectorAccount[] = []
    for (const address of addresses) {
      const formatted = await toPolkadotAddress({ address, ss58Prefix }).catch(() => undefined)
      if (formatted && !accounts.some((account) => account.address === formatted))
        accounts.push({ address: formatted, type: 'eoa' })
    }
    return accounts
  }

  const namespace = createSessionNamespace({
    ...context,
    namespace: 'polkadot',
    chainName: 'Polkadot',
    toAccounts,
  })

  /** The address as the wallet approved it (any SS58 format names the same key). */
  async function sessionAddress(address: string) {
    const { approved, network } = await namespace.requireSession()
    const accountId = await toPolkadotAddress({ address }).catch(() => undefined)
    for (const candidate of namespace.addressesOf(approved, network))
      if ((await toPolkadotAddress({ address: candidate }).catch(() => undefined)) === accountId)
        return { address: candidate, network }
    throw new AccountNotConnectedError({ address })
  }

  /** `@polkadot/api`'s signer, answered by the wallet over the session. */
  const signer: InjectedSigner = {
    async signRaw({ address, data }) {
      const { signature } = await namespace.ask<{ signature: string }>('polkadot_signMessage', {
        address,
        message: data,
      })
      return { id: 0, signature: signature as `0x${string}` }
    },
    async signPayload(payload: SignerPayloadJSON) {
      const { signature } = await namespace.ask<{ signature: string }>('polkadot_signTransaction', {
        address: payload.address,
        transactionPayload: payload,
      })
      return { id: 0, signature: signature as `0x${string}` }
    },
  }

  const connector = {
    connect: namespace.connect,
    getAccounts: namespace.getAccounts,
    getCaipNetworkId: namespace.getCaipNetworkId,
    switchNetwork: namespace.switchNetwork,

    async request({ method, params }: { method: string; params?: unknown }) {
      if (method.startsWith('polkadot_'))
        return namespace.ask(method, Array.isArray(params) ? params[0] : params)
      // Everything else is a node read (system_chain, state_getStorage, …) for the current network.
      const { network } = await namespace.requireSession()
      return apis.send(network, method, Array.isArray(params) ? [...params] : [])
    },

    /** `<Bytes>`-wrapped, as extensions sign it; `verifyPolkadotMessage` checks it. */
    async signMessage({ message, address }: PolkadotSignMessageParameters) {
      const session = await sessionAddress(address)
      return signRawMessage({ signer, address: session.address, message })
    },

    async sendTransaction({ from, to, value = 0n }: { from: string; to: string; value?: bigint }) {
      return connector.sendTransfer({ from, to, amount: value })
    },

    /** `balances.transferKeepAlive`, built by `@polkadot/api` and signed by the wallet. */
    async sendTransfer({ from, to, amount, mint, confirm = true }: ConnectorTransferParameters) {
      if (mint) throw new TokenNotSupportedError({ token: mint })
      // The receiver is checked before the chain is even reached, let alone the wallet.
      await toPolkadotAddress({ address: to })
      const { network } = await sessionAddress(from)
      const api = await apis.get(network)
      return sendBalanceTransfer({ api, signer, from, to, amount, confirm })
    },
  }
  return connector
}
