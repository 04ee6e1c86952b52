// Test helper (`@foyer/walletconnect/test-wallet`): a WalletConnect wallet in Node on the official
// WalletKit, signing with real keys and sending transactions to a real anvil node and, when given a
// Solana key, to a real Solana cluster (LiteSVM); given Bitcoin, Polkadot or Cosmos keys, it serves
// those namespaces with the test wallets of `@foyer/test-wallets`.
import { randomBytes } from 'node:crypto'
import {
  answerBitcoinRequest,
  BITCOIN_WALLETCONNECT_METHODS,
  type BitcoinTestWallet,
  createBitcoinTestWallet,
} from '@foyer/test-wallets/bitcoin'
import {
  answerCosmosRequest,
  COSMOS_WALLETCONNECT_METHODS,
  type CosmosTestWallet,
  createCosmosTestWallet,
} from '@foyer/test-wallets/cosmos'
import {
  answerPolkadotRequest,
  createPolkadotTestWallet,
  POLKADOT_WALLETCONNECT_METHODS,
  type PolkadotTestWallet,
} from '@foyer/test-wallets/polkadot'
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

/** The namespaces the wallet can serve. */
export type NodeTestWalletNamespace = 'eip155' | 'solana' | 'bip122' | 'polkadot' | 'cosmos'

export type CreateNodeTestWalletParameters = {
  relayUrl: string
  privateKey: Hex
  chains: readonly NodeTestWalletChain[]
  /** A Solana key (64 secret-key bytes, as `@foyer/devnet` hands out) and its clusters. */
  solana?: {
    secretKey: Uint8Array | readonly number[]
    chains: readonly NodeTestWalletSolanaChain[]
  }
  /**
   * Bitcoin payment (P2WPKH) and ordinals (P2TR) keys, hex, as `deriveBitcoinDevAccounts` of
   * `@foyer/devnet/bitcoin` hands them out, and the CAIP-2 ids of the chains (regtest addresses).
   */
  bitcoin?: {
    paymentKey: string
    ordinalKey: string
    esploraUrl?: string | undefined
    caipNetworkIds: readonly string[]
  }
  /** A Polkadot key by its secret URI (`mnemonic//0`), and its chains with their SS58 prefix. */
  polkadot?: { uri: string; chains: readonly { caipNetworkId: string; ss58Prefix: number }[] }
  /** A Cosmos key (the dev mnemonic and the index of `m/44'/118'/0'/0/i`) and its chains. */
  cosmos?: {
    mnemonic: string
    index?: number | undefined
    chains: readonly { chainId: string; bech32Prefix: string }[]
  }
}

export type NodeTestWallet = {
  walletKit: IWalletKit
  address: `0x${string}`
  /** The Solana address, when the wallet has a Solana key. */
  solanaAddress: string | undefined
  /** The Bitcoin test wallet (payment and ordinals addresses), when given Bitcoin keys. */
  bitcoin: BitcoinTestWallet | undefined
  /** The Polkadot test wallet (its `pairs` verify signatures), when given a Polkadot key. */
  polkadot: PolkadotTestWallet | undefined
  /** The Cosmos test wallet (`addressOn(chainId)`), when given a Cosmos key. */
  cosmos: CosmosTestWallet | undefined
  /** Whether sessions list the ordinals address beside the payment one (default true). */
  shareOrdinalsAddress: boolean
  /** What the wallet does with the next proposals (default: approve). */
  answerProposals: 'approve' | 'reject'
  /** Namespaces the wallet approves, of those it has keys for (default: all of them). */
  approveNamespaces: readonly NodeTestWalletNamespace[]
  /** Every request the wallet answered, oldest first (method, chain and params as received). */
  requests: { method: string; chainId: string; params: unknown }[]
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
  const bitcoin = parameters.bitcoin
    ? createBitcoinTestWallet({
        paymentKey: parameters.bitcoin.paymentKey,
        ordinalKey: parameters.bitcoin.ordinalKey,
        esploraUrl: parameters.bitcoin.esploraUrl,
      })
    : undefined
  const polkadotChains = parameters.polkadot?.chains ?? []
  const polkadot = parameters.polkadot
    ? await createPolkadotTestWallet({ seeds: [parameters.polkadot.uri] })
    : undefined
  const cosmosChains = parameters.cosmos?.chains ?? []
  const cosmos = parameters.cosmos
    ? await createCosmosTestWallet({
        mnemonic: parameters.cosmos.mnemonic,
        index: parameters.cosmos.index,
        chains: cosmosChains,
      })
    : undefined
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
    bitcoin,
    polkadot,
    cosmos,
    shareOrdinalsAddress: true,
    answerProposals: 'approve',
    approveNamespaces: ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'],
    requests: [],
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
    const approves = (namespace: NodeTestWalletNamespace) =>
      wallet.approveNamespaces.includes(namespace)
    // Accounts in other SS58 formats are the same key: the wallet lists it in each chain's.
    const polkadotAccounts = await Promise.all(
      polkadotChains.map(async ({ caipNetworkId, ss58Prefix }) => {
        const { encodeAddress } = await import('@polkadot/util-crypto')
        return `${caipNetworkId}:${encodeAddress(polkadot!.pairs[0]!.publicKey, ss58Prefix)}`
      }),
    )
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: {
        ...(bitcoin && approves('bip122')
          ? {
              bip122: {
                chains: [...parameters.bitcoin!.caipNetworkIds],
                methods: [...BITCOIN_WALLETCONNECT_METHODS],
                events: [],
                // The payment address first: it names the account in requests.
                accounts: parameters.bitcoin!.caipNetworkIds.flatMap((chain) => [
                  `${chain}:${bitcoin.payment.address}`,
                  ...(wallet.shareOrdinalsAddress ? [`${chain}:${bitcoin.ordinal.address}`] : []),
                ]),
              },
            }
          : {}),
        ...(polkadot && approves('polkadot')
          ? {
              polkadot: {
                chains: polkadotChains.map((chain) => chain.caipNetworkId),
                methods: [...POLKADOT_WALLETCONNECT_METHODS],
                events: [],
                accounts: polkadotAccounts,
              },
            }
          : {}),
        ...(cosmos && approves('cosmos')
          ? {
              cosmos: {
                chains: cosmosChains.map((chain) => `cosmos:${chain.chainId}`),
                methods: [...COSMOS_WALLETCONNECT_METHODS],
                events: [],
                accounts: cosmosChains.map(
                  (chain) => `cosmos:${chain.chainId}:${cosmos.addressOn(chain.chainId)}`,
                ),
              },
            }
          : {}),
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

  /** Answers a request of a namespace other than eip155 with `answer`, or with its error. */
  async function respondWith(id: number, topic: string, answer: () => Promise<unknown>) {
    try {
      const result = await answer()
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
  const noKey = (namespace: string) =>
    Object.assign(new Error(`No ${namespace} key`), { code: 4100 })

  walletKit.on('session_request', async ({ id, topic, params }) => {
    const { method, params: requestParams } = params.request
    wallet.requests.push({ method, chainId: params.chainId, params: requestParams })
    const [family, reference = ''] = params.chainId.split(':')
    if (family === 'bip122')
      return respondWith(id, topic, async () => {
        if (!bitcoin) throw noKey('Bitcoin')
        return answerBitcoinRequest({ method, params: requestParams, wallet: bitcoin })
      })
    if (family === 'polkadot')
      return respondWith(id, topic, async () => {
        if (!polkadot) throw noKey('Polkadot')
        return answerPolkadotRequest({ method, params: requestParams, wallet: polkadot })
      })
    if (family === 'cosmos')
      return respondWith(id, topic, async () => {
        if (!cosmos) throw noKey('Cosmos')
        return answerCosmosRequest({
          method,
          params: requestParams,
          chainId: reference,
          wallet: cosmos,
        })
      })
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
