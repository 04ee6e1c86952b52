// The solana connector's code: loaded with `import()` on first use, with `@solana/kit` and
// `@foyer/solana`, so an app that never signs on Solana never downloads them.
import type { CaipNetwork, ConnectorAccount, ConnectorTransferParameters } from '@foyer/core'
import type { SessionNamespaceContext } from './createLazySessionConnector.ts'
import { createSessionNamespace } from './sessionNamespace.ts'
import { encodeMessage, requestCluster, sendSolanaTransfer } from './solanaTools.ts'

export function create(context: SessionNamespaceContext) {
  const namespace = createSessionNamespace({
    ...context,
    namespace: 'solana',
    chainName: 'Solana',
    toAccounts: async (addresses) =>
      addresses.map((address): ConnectorAccount => ({ address, type: 'eoa' })),
  })

  const connector = {
    connect: namespace.connect,
    getAccounts: namespace.getAccounts,
    getCaipNetworkId: namespace.getCaipNetworkId,
    switchNetwork: namespace.switchNetwork,

    async request({ method, params }: { method: string; params?: unknown }) {
      if (method.startsWith('solana_')) return namespace.ask(method, params ?? {})
      // Everything else is a cluster read (getBalance, getAccountInfo, …) for the current cluster.
      const { network } = await namespace.requireSession()
      return requestCluster(network, { method, params } as Parameters<typeof requestCluster>[1])
    },

    async signMessage({ message, address }: { message: string; address: string }) {
      const { signature } = await namespace.ask<{ signature: string }>('solana_signMessage', {
        message: encodeMessage(message),
        pubkey: address,
      })
      // Base58, as @foyer/solana's wallet-standard connector returns it.
      return signature
    },

    async sendTransaction({ from, to, value = 0n }: { from: string; to: string; value?: bigint }) {
      return connector.sendTransfer({ from, to, amount: value })
    },

    async sendTransfer(transfer: ConnectorTransferParameters) {
      const { approved, network } = await namespace.requireSession()
      return sendSolanaTransfer({
        ...transfer,
        network: network as CaipNetwork,
        methods: namespace.methodsOf(approved),
        ask: namespace.ask,
      })
    },
  }
  return connector
}
