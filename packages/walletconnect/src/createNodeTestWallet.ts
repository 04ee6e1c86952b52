// Test helper (`@foyer/walletconnect/test-wallet`): a WalletConnect wallet in Node on the official
// WalletKit, signing with real keys and sending transactions to a real anvil node and, when given a
// Solana key, to a real Solana cluster (LiteSVM).
import { randomBytes } from 'node:crypto'
import { answerSolanaRequest, SOLANA_WALLETCONNECT_METHODS } from '@foyer/test-wallets/solana'
import { type IWalletKit, WalletKit } from '@reown/walletkit'
import { createKeyPairSignerFromBytes, type KeyPairSigner } from '@solana/kit'
import { Core } from '@walletconnect/core'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { createWalletClient, type Hex, http, numberToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

export type NodeTestWalletChain = { chainId: number; rpcUrl: string }

/** A Solana cluster the wallet signs for: its CAIP-2 id (`solana:<genesis hash prefix>`) and RPC. */
export type NodeTestWalletSolanaChain = { caipNetworkId: string; rpcUrl: string }

export type CreateNodeTestWalletParameters = {
  relayUrl: string
  privateKey: Hex
  chains: readonly NodeTestWalletChain[]
  /** A Solana key (64 secret-key bytes, as `@foyer/devnet` hands out) and its clusters. */
  solana?: {
    secretKey: Uint8Array | readonly number[]
    chains: readonly NodeTestWalletSolanaChain[]
  }
}

export type NodeTestWallet = {
  walletKit: IWalletKit
  address: `0x${string}`
  /** The Solana address, when the wallet has a Solana key. */
  solanaAddress: string | undefined
  /** What the wallet does with the next proposals (default: approve). */
  answerProposals: 'approve' | 'reject'
  /** Namespaces the wallet approves, of those it has keys for (default: all of them). */
  approveNamespaces: readonly ('eip155' | 'solana')[]
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
  const solanaSigner: KeyPairSigner | undefined = parameters.solana
    ? await createKeyPairSignerFromBytes(new Uint8Array(parameters.solana.secretKey))
    : undefined
  const solanaChains = parameters.solana?.chains ?? []
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
    solanaAddress: solanaSigner?.address,
    answerProposals: 'approve',
    approveNamespaces: ['eip155', 'solana'],
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
    const approves = (namespace: 'eip155' | 'solana') =>
      wallet.approveNamespaces.includes(namespace)
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: {
        ...(solanaSigner && approves('solana')
          ? {
              solana: {
                chains: solanaChains.map((chain) => chain.caipNetworkId),
                methods: [...SOLANA_WALLETCONNECT_METHODS],
                events: [],
                accounts: solanaChains.map(
                  (chain) => `${chain.caipNetworkId}:${solanaSigner.address}`,
                ),
              },
            }
          : {}),
        ...(approves('eip155')
          ? {
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
            }
          : {}),
      },
    })
    await walletKit.approveSession({ id, namespaces })
  })

  walletKit.on('session_request', async ({ id, topic, params }) => {
    const { method, params: requestParams } = params.request
    if (method.startsWith('solana_')) {
      const chain = solanaChains.find((candidate) => candidate.caipNetworkId === params.chainId)
      try {
        if (!solanaSigner || !chain) throw Object.assign(new Error('No Solana key'), { code: 4100 })
        const result = await answerSolanaRequest({
          method,
          params: requestParams,
          signer: solanaSigner,
          rpcUrl: chain.rpcUrl,
        })
        return walletKit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result } })
      } catch (error) {
        const {
          code = -32603,
          shortMessage,
          message,
        } = error as {
          code?: number
          shortMessage?: string
          message: string
        }
        return walletKit.respondSessionRequest({
          topic,
          response: { id, jsonrpc: '2.0', error: { code, message: shortMessage ?? message } },
        })
      }
    }
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
