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
  hexToBytes,
  hexToNumber,
  http,
  isAddressEqual,
  isHex,
  type PublicClient,
  type TypedDataDefinition,
  toHex,
} from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import type { ApprovalRequest } from '../approval/index.ts'
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
  /** The app origin that asked (the frame checked it against the allow-list). */
  origin: string
  chainId: number
  rpcUrls: Readonly<Record<number, string>>
  /** Undefined when nobody is signed in. */
  address: Hex | undefined
  solanaAddress: string | undefined
  /** Runs `fn` with the rebuilt signer for one operation. */
  withSigner: <result>(fn: (accounts: SignerAccounts) => Promise<result>) => Promise<result>
  /**
   * Shows the request to the visitor inside the frame; resolves when approved, throws
   * 'User rejected the request.' (4001) otherwise. Every signing method goes through it first.
   */
  approve: (request: ApprovalRequest) => Promise<void>
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
      const own = assertOwnAddress(context, address)
      if (typeof message !== 'string') throw new RpcError('Invalid params', -32602)
      const signIn = signInMessageOf(message)
      if (signIn && signIn.domain !== new URL(context.origin).host)
        // EIP-4361: a sign-in for another site is phishing, whatever the visitor would click.
        throw new RpcError('Sign-in domain does not match the requesting app', 4100, {
          details: `domain ${signIn.domain}, origin ${context.origin}`,
        })
      await context.approve(
        signIn
          ? {
              kind: 'signIn',
              origin: context.origin,
              chainId: context.chainId,
              address: own,
              message: signIn.text,
            }
          : {
              kind: 'evmMessage',
              origin: context.origin,
              chainId: context.chainId,
              address: own,
              message,
            },
      )
      return context.withSigner(({ eip155 }) =>
        eip155.signMessage({ message: isHex(message) ? { raw: message } : message }),
      )
    }
    case 'eth_signTypedData_v4': {
      const [address, typedData] = list as [Hex, string | TypedDataDefinition]
      const own = assertOwnAddress(context, address)
      let definition: TypedDataDefinition
      try {
        definition = (
          typeof typedData === 'string' ? JSON.parse(typedData) : typedData
        ) as TypedDataDefinition
      } catch (error) {
        throw new RpcError('Invalid params', -32602, { details: (error as Error).message })
      }
      if (!definition || typeof definition !== 'object' || typeof definition.types !== 'object')
        throw new RpcError('Invalid params', -32602, { details: 'Typed data has no types' })
      // `EIP712Domain` is implied by `domain`; viem rejects it among `types`.
      const { EIP712Domain: _, ...types } = definition.types as Record<string, unknown>
      await context.approve({
        kind: 'evmTypedData',
        origin: context.origin,
        chainId: context.chainId,
        address: own,
        typedData: { ...definition, types } as TypedDataDefinition,
      })
      return context.withSigner(({ eip155 }) =>
        eip155.signTypedData({ ...definition, types } as TypedDataDefinition),
      )
    }
    case 'eth_sendTransaction': {
      const [transaction] = list as [RpcTransactionRequest]
      if (!transaction || typeof transaction !== 'object')
        throw new RpcError('Invalid params', -32602, { details: 'No transaction' })
      const own = assertOwnAddress(context, transaction.from)
      const client = context.getPublicClient(context.chainId)
      await context.approve({
        kind: 'evmTransaction',
        origin: context.origin,
        chainId: context.chainId,
        from: own,
        transaction: {
          to: transaction.to ?? null,
          ...(transaction.data ? { data: transaction.data } : {}),
          ...(transaction.value ? { value: hexToBigInt(transaction.value) } : {}),
          ...(transaction.gas ? { gas: hexToBigInt(transaction.gas) } : {}),
        },
      })
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
      await context.approve({
        kind: 'solanaMessage',
        origin: context.origin,
        address: context.solanaAddress,
        message: bytes,
      })
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
      await context.approve({
        kind: 'solanaTransaction',
        origin: context.origin,
        address: owner,
        messageBytes: new Uint8Array(decoded.messageBytes),
      })
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

function assertOwnAddress(context: RpcContext, address: Hex | undefined): Hex {
  if (!context.address) throw new RpcError('Not connected to email or social', 4100)
  if (address && !isAddressEqual(address, context.address))
    throw new RpcError('The address is not the connected account', 4100)
  return context.address
}

/** The EIP-4361 fields of a personal_sign message that is a sign-in message, else undefined. */
function signInMessageOf(message: string): { domain: string; text: string } | undefined {
  const text = isHex(message) ? hexToUtf8OrUndefined(message) : message
  if (!text || !/ wants you to sign in with your Ethereum account:\n/.test(text)) return undefined
  const fields = parseSiweMessage(text)
  // A message that claims to be a sign-in but has no domain is treated as one for no site.
  return { domain: fields.domain ?? '', text }
}

function hexToUtf8OrUndefined(value: Hex): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(value))
  } catch {
    return undefined
  }
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
