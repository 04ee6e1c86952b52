// Test helper (not exported): a WalletConnect wallet in Node on the official WalletKit, signing
// with a real key and sending transactions to a real anvil node.
import { randomBytes } from 'node:crypto'
import { type IWalletKit, WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { createWalletClient, type Hex, http, numberToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

export type NodeTestWalletChain = { chainId: number; rpcUrl: string }

export type CreateNodeTestWalletParameters = {
  relayUrl: string
  privateKey: Hex
  chains: readonly NodeTestWalletChain[]
}

export type NodeTestWallet = {
  walletKit: IWalletKit
  address: `0x${string}`
  /** What the wallet does with the next proposals (default: approve). */
  answerProposals: 'approve' | 'reject'
  /** Pairs with a `wc:` URI, as scanning the QR code would. */
  pair(uri: string): Promise<void>
  /** Ends every session from the wallet's side. */
  disconnectAll(): Promise<void>
  close(): Promise<void>
}

export async function createNodeTestWallet(
  parameters: CreateNodeTestWalletParameters,
): Promise<NodeTestWallet> {
  const { relayUrl, privateKey, chains } = parameters
  const account = privateKeyToAccount(privateKey)
  const caipChains = chains.map((chain) => `eip155:${chain.chainId}`)
  let chainId = chains[0]!.chainId
  const core = new Core({
    relayUrl,
    projectId: 'foyer-dev',
    customStoragePrefix: `wallet-${randomBytes(4).toString('hex')}`,
    storageOptions: { database: ':memory:' },
    logger: 'silent',
  })
  const walletKit = await WalletKit.init({
    core,
    metadata: {
      name: 'Node test wallet',
      description: 'Foyer tests',
      url: 'http://127.0.0.1',
      icons: [],
    },
    signConfig: { disableRequestQueue: true },
  })

  const wallet: NodeTestWallet = {
    walletKit,
    address: account.address,
    answerProposals: 'approve',
    async pair(uri) {
      await walletKit.pair({ uri })
    },
    async disconnectAll() {
      for (const topic of Object.keys(walletKit.getActiveSessions()))
        await walletKit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') })
    },
    async close() {
      core.heartbeat.stop()
      await core.relayer.transportClose()
    },
  }

  walletKit.on('session_proposal', async ({ id, params }) => {
    if (wallet.answerProposals === 'reject') {
      await walletKit.rejectSession({ id, reason: getSdkError('USER_REJECTED') })
      return
    }
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: {
        eip155: {
          chains: caipChains,
          methods: [
            'personal_sign',
            'eth_signTypedData_v4',
            'eth_sendTransaction',
            'wallet_switchEthereumChain',
          ],
          events: ['chainChanged', 'accountsChanged'],
          accounts: caipChains.map((chain) => `${chain}:${account.address}`),
        },
      },
    })
    await walletKit.approveSession({ id, namespaces })
  })

  walletKit.on('session_request', async ({ id, topic, params }) => {
    const { method, params: requestParams } = params.request
    const respond = (result: unknown) =>
      walletKit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result } })
    const fail = (code: number, message: string) =>
      walletKit.respondSessionRequest({
        topic,
        response: { id, jsonrpc: '2.0', error: { code, message } },
      })
    switch (method) {
      case 'personal_sign': {
        const [message] = requestParams as [Hex, string]
        return respond(await account.signMessage({ message: { raw: message } }))
      }
      case 'eth_signTypedData_v4': {
        const [, typedData] = requestParams as [string, string]
        return respond(await account.signTypedData(JSON.parse(typedData)))
      }
      case 'eth_sendTransaction': {
        const [transaction] = requestParams as [{ to: Hex; value?: Hex; data?: Hex }]
        const chain = chains.find((candidate) => candidate.chainId === chainId)!
        const client = createWalletClient({ account, transport: http(chain.rpcUrl) })
        const hash = await client.sendTransaction({
          chain: null,
          to: transaction.to,
          value: transaction.value === undefined ? undefined : BigInt(transaction.value),
          data: transaction.data,
        })
        return respond(hash)
      }
      case 'wallet_switchEthereumChain': {
        const [{ chainId: requested }] = requestParams as [{ chainId: Hex }]
        const next = chains.find((chain) => numberToHex(chain.chainId) === requested)
        if (!next) return fail(4902, 'Unrecognized chain ID')
        chainId = next.chainId
        await respond(null)
        return walletKit.emitSessionEvent({
          topic,
          event: { name: 'chainChanged', data: chainId },
          chainId: `eip155:${chainId}`,
        })
      }
      default:
        return fail(4200, `Unsupported method ${method}`)
    }
  })
  return wallet
}
