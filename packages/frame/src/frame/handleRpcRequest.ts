import { base58 } from '@scure/base'
import {
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit'
import {
  createPublicClient,
  type Hex,
  hexToBigInt,
  hexToNumber,
  http,
  isAddressEqual,
  isHex,
  type PublicClient,
  type TypedDataDefinition,
  toHex,
} from 'viem'
import type { SignerAccounts } from '../custody/withSigner.ts'
import { BaseError, type BaseErrorParameters } from '../errors.ts'

/** EIP-1193 provider errors the frame answers with. */
export class RpcError extends BaseError {
  override name = 'RpcError'
  readonly code: number
  constructor(message: string, code: number, parameters: BaseErrorParameters = {}) {
    super(message, parameters)
    this.code = code
  }
}

export type RpcContext = {
  chainId: number
  rpcUrls: Readonly<Record<number, string>>
  /** Undefined when nobody is signed in. */
  address: Hex | undefined
  solanaAddress: string | undefined
  /** Runs `fn` with the rebuilt signer for one operation. */
  withSigner: <result>(fn: (accounts: SignerAccounts) => Promise<result>) => Promise<result>
  switchChain: (chainId: number) => void
  getPublicClient: (chainId: number) => PublicClient
}

export type HandleRpcRequestParameters = { method: string; params?: unknown }

/** Answers one wallet RPC request: signing in the frame, reads forwarded to the network's RPC. */
export async function handleRpcRequest(
  context: RpcContext,
  { method, params }: HandleRpcRequestParameters,
): Promise<unknown> {
  const list = Array.isArray(params) ? params : []
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return context.address ? [context.address] : []
    case 'eth_chainId':
      return toHex(context.chainId)
    case 'wallet_switchEthereumChain': {
      const chainId = hexToNumber((list[0] as { chainId: Hex }).chainId)
      if (!context.rpcUrls[chainId]) throw new RpcError('Unrecognized chain', 4902)
      context.switchChain(chainId)
      return null
    }
    case 'personal_sign': {
      const [message, address] = list as [string, Hex]
      assertOwnAddress(context, address)
      return context.withSigner(({ eip155 }) =>
        eip155.signMessage({ message: isHex(message) ? { raw: message } : message }),
      )
    }
    case 'eth_signTypedData_v4': {
      const [address, typedData] = list as [Hex, string | TypedDataDefinition]
      assertOwnAddress(context, address)
      const definition = (
        typeof typedData === 'string' ? JSON.parse(typedData) : typedData
      ) as TypedDataDefinition
      // `EIP712Domain` is implied by `domain`; viem rejects it among `types`.
      const { EIP712Domain: _, ...types } = definition.types as Record<string, unknown>
      return context.withSigner(({ eip155 }) =>
        eip155.signTypedData({ ...definition, types } as TypedDataDefinition),
      )
    }
    case 'eth_sendTransaction': {
      const [transaction] = list as [RpcTransactionRequest]
      assertOwnAddress(context, transaction.from)
      const client = context.getPublicClient(context.chainId)
      return context.withSigner(async ({ eip155 }) => {
        const request = await client.prepareTransactionRequest({
          account: eip155,
          chain: null,
          to: transaction.to ?? null,
          ...(transaction.data ? { data: transaction.data } : {}),
          ...(transaction.value ? { value: hexToBigInt(transaction.value) } : {}),
          ...(transaction.gas ? { gas: hexToBigInt(transaction.gas) } : {}),
          ...(transaction.nonce ? { nonce: hexToNumber(transaction.nonce) } : {}),
          ...(transaction.maxFeePerGas
            ? { maxFeePerGas: hexToBigInt(transaction.maxFeePerGas) }
            : {}),
          ...(transaction.maxPriorityFeePerGas
            ? { maxPriorityFeePerGas: hexToBigInt(transaction.maxPriorityFeePerGas) }
            : {}),
        })
        const serialized = await eip155.signTransaction({
          ...request,
          chainId: context.chainId,
        } as never)
        return client.sendRawTransaction({ serializedTransaction: serialized })
      })
    }
    case 'solana_signMessage': {
      // Wallet-standard style: `{ message, pubkey }`, both base58; answers `{ signature }` in base58.
      const { message, pubkey } = (params ?? {}) as { message: string; pubkey?: string }
      if (!context.solanaAddress) throw new RpcError('Not connected to email or social', 4100)
      if (pubkey && pubkey !== context.solanaAddress)
        throw new RpcError('The address is not the connected account', 4100)
      let bytes: Uint8Array
      try {
        bytes = base58.decode(message)
      } catch (error) {
        throw new RpcError('Invalid params', -32602, {
          details: `\`message\` must be base58: ${(error as Error).message}`,
        })
      }
      return context.withSigner(async ({ solana }) => ({
        signature: base58.encode(solana.signMessage(bytes)),
      }))
    }
    case 'solana_signTransaction': {
      // WalletConnect style: `{ transaction }` as a base64 wire transaction (the app's RPC sends it).
      const { transaction } = (params ?? {}) as { transaction?: unknown }
      const owner = context.solanaAddress
      if (!owner) throw new RpcError('Not connected to email or social', 4100)
      const decoded = decodeSolanaTransaction(transaction)
      // Only a transaction that names the user's key among its signers; never another's slot.
      if (!Object.hasOwn(decoded.signatures, owner))
        throw new RpcError('The address is not the connected account', 4100)
      // withSigner refuses shares that do not rebuild this very key (expected addresses).
      const signature = await context.withSigner(async ({ solana }) =>
        solana.signMessage(new Uint8Array(decoded.messageBytes)),
      )
      const signed: Transaction = {
        ...decoded,
        signatures: { ...decoded.signatures, [owner]: signature as SignatureBytes },
      }
      return {
        signature: base58.encode(signature),
        transaction: getBase64Decoder().decode(getTransactionEncoder().encode(signed)),
      }
    }
    default: {
      // Never forward a signing method: a node with unlocked accounts (anvil) would sign with its own.
      if (!method.startsWith('eth_') || method.startsWith('eth_sign'))
        throw new RpcError(`Unsupported method: ${method}`, 4200)
      return context.getPublicClient(context.chainId).request({ method, params } as never)
    }
  }
}

/**
 * A base64 wire transaction, decoded and checked to be exactly one transaction: its signature
 * slots, then a whole compiled message (legacy or v0) and nothing after it. 'Invalid params'
 * (-32602) otherwise, so nothing but a transaction message is ever signed through this method.
 */
function decodeSolanaTransaction(input: unknown): Transaction {
  const invalid = (details: string) => new RpcError('Invalid params', -32602, { details })
  if (typeof input !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(input))
    throw invalid('`transaction` must be a base64 wire transaction')
  const bytes = new Uint8Array(getBase64Encoder().encode(input))
  let transaction: Transaction
  try {
    const [decoded, end] = getTransactionDecoder().read(bytes, 0)
    if (end !== bytes.length) throw new Error('trailing bytes after the transaction')
    const [, messageEnd] = getCompiledTransactionMessageDecoder().read(decoded.messageBytes, 0)
    if (messageEnd !== decoded.messageBytes.length)
      throw new Error('trailing bytes after the message')
    transaction = decoded
  } catch (error) {
    throw invalid(`Not a Solana transaction: ${(error as Error).message}`)
  }
  return transaction
}

type RpcTransactionRequest = {
  from: Hex
  to?: Hex
  data?: Hex
  value?: Hex
  gas?: Hex
  nonce?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
}

function assertOwnAddress(context: RpcContext, address: Hex | undefined) {
  if (!context.address) throw new RpcError('Not connected to email or social', 4100)
  if (address && !isAddressEqual(address, context.address))
    throw new RpcError('The address is not the connected account', 4100)
}

/** One cached viem client per chain. */
export function createPublicClients(rpcUrls: Readonly<Record<number, string>>) {
  const clients = new Map<number, PublicClient>()
  return (chainId: number): PublicClient => {
    const url = rpcUrls[chainId]
    if (!url) throw new RpcError('Unsupported chain', 4902)
    let client = clients.get(chainId)
    if (!client) {
      client = createPublicClient({ transport: http(url) }) as PublicClient
      clients.set(chainId, client)
    }
    return client
  }
}
