import { isCallTarget } from '@foyer/core'
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
  getAddress,
  type Hex,
  hexToBigInt,
  hexToBytes,
  hexToNumber,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  type PublicClient,
  toHex,
} from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import type { ApprovalRequest } from '../approval/index.ts'
import type { ApprovalChains } from '../approval/types.ts'
import type { SignerAccounts } from '../custody/withSigner.ts'
import { BaseError, type BaseErrorParameters } from '../errors.ts'
import {
  fromCallsId,
  prepareSmartAccountOperation,
  readUserOperationStatus,
  type SmartAccountCall,
  type SmartAccountClients,
  sendSignedUserOperation,
  signUserOperation,
  toCallsId,
} from '../smartAccount/delegator.ts'
import { permissionsCapability, walletGrantPermissions } from '../smartAccount/grantPermissions.ts'
import { walletRevokePermissions } from '../smartAccount/revokePermissions.ts'
import type { SessionRegistry } from '../smartAccount/sessionRegistry.ts'
import { getAssets } from './getAssets.ts'
import { eoaCapabilities, fromEoaCallsId, getEoaCallsStatus, sendEoaCalls } from './sendEoaCalls.ts'
import { isOwnSmartAccount, sendSmartAccountTransaction } from './sendSmartAccountTransaction.ts'
import { signMessageAsSmartAccount, signTypedDataAsSmartAccount } from './signAsSmartAccount.ts'
import { assertNotSmartAccountInternal, parseTypedDataParam } from './typedDataRequest.ts'

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
  /**
   * The visitor's smart accounts (HybridDeleGators owned by `address`), on the networks with a
   * bundler. Absent: the frame has none, and EIP-5792 batches are refused.
   */
  smartAccounts?: SmartAccountsContext | undefined
  /** Where granted smart sessions are registered and revoked (the server's `/v1/sessions`). */
  sessions?: SessionRegistry | undefined
  /** Each network's native currency and the operator's tokens (`wallet_getAssets` reads them). */
  chains?: ApprovalChains | undefined
}

export type SmartAccountsContext = {
  /** Chains with a bundler (and an RPC URL). */
  chainIds: readonly number[]
  /** The visitor's account there (counterfactual until its first operation), else undefined. */
  get: (chainId: number) => Promise<{ address: Hex; clients: SmartAccountClients } | undefined>
}

/** Most calls one `wallet_sendCalls` may batch: every one is shown on the card. */
export const maxBatchedCalls = 32

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
      // For the smart account (the app's active account): its owner's ERC-1271 signature.
      if (await isOwnSmartAccount(context, address))
        return signMessageAsSmartAccount(context, { message, address })
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
      const [address, typedData] = list as [Hex, unknown]
      const definition = parseTypedDataParam(typedData)
      await assertNotSmartAccountInternal(context, definition)
      // For the smart account (the app's active account): its owner's ERC-1271 signature.
      if (await isOwnSmartAccount(context, address))
        return signTypedDataAsSmartAccount(context, { typedData: definition, address })
      const own = assertOwnAddress(context, address)
      await context.approve({
        kind: 'evmTypedData',
        origin: context.origin,
        chainId: context.chainId,
        address: own,
        typedData: definition,
      })
      return context.withSigner(({ eip155 }) => eip155.signTypedData(definition))
    }
    case 'eth_sendTransaction': {
      const [transaction] = list as [RpcTransactionRequest]
      if (!transaction || typeof transaction !== 'object')
        throw new RpcError('Invalid params', -32602, { details: 'No transaction' })
      // From the smart account (the app's active account): one user operation.
      if (await isOwnSmartAccount(context, transaction.from))
        return sendSmartAccountTransaction(context, transaction)
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
    case 'wallet_getCapabilities':
      return getCapabilities(context, list)
    case 'wallet_sendCalls':
      return sendCalls(context, list)
    case 'wallet_getCallsStatus':
      return getCallsStatus(context, list)
    case 'wallet_grantPermissions':
      return walletGrantPermissions(context, params)
    case 'wallet_revokePermissions':
      return walletRevokePermissions(context, params)
    case 'wallet_getAssets':
      return getAssets(context, params)
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
 * EIP-5792 `wallet_getCapabilities(address?, chainIds?)`: per chain (hex id) with a bundler,
 * `atomic` supported (and the v1 name `atomicBatch`) and ERC-7715 `permissions` (smart sessions)
 * for the visitor's smart account there, which is also what an omitted address means where it
 * has one. The EOA sends batches one transaction per call: `atomic` unsupported on every chain,
 * and no `permissions`. Another address is refused.
 */
async function getCapabilities(context: RpcContext, params: unknown[]) {
  const [address, chainIds] = params as [unknown, unknown]
  if (!context.address) throw new RpcError('Not connected to email or social', 4100)
  if (address !== undefined && (typeof address !== 'string' || !isAddress(address)))
    throw new RpcError('Invalid params', -32602, { details: 'address must be an EVM address' })
  if (chainIds !== undefined && (!Array.isArray(chainIds) || !chainIds.every(isHexQuantity)))
    throw new RpcError('Invalid params', -32602, { details: 'chainIds must be hex chain ids' })
  const wanted = (chainIds as Hex[] | undefined)?.map((id) => Number(hexToBigInt(id)))
  const chains = (context.smartAccounts?.chainIds ?? []).filter(
    (chainId) => context.rpcUrls[chainId] && (!wanted || wanted.includes(chainId)),
  )
  const accounts = await Promise.all(
    chains.map(async (chainId) => ({
      chainId,
      account: await context.smartAccounts?.get(chainId).catch(() => undefined),
    })),
  )
  // The EOA batches too, one transaction per call: honestly not atomic (EIP-5792 `atomic`).
  const eoaChains = Object.keys(context.rpcUrls)
    .map(Number)
    .filter((chainId) => !wanted || wanted.includes(chainId))
  if (typeof address === 'string' && isAddressEqual(address, context.address))
    return Object.fromEntries(eoaChains.map((chainId) => [toHex(chainId), eoaCapabilities]))
  const capabilities: Record<Hex, Record<string, unknown>> = {}
  for (const { chainId, account } of accounts) {
    if (!account) continue
    if (typeof address === 'string' && !isAddressEqual(address, account.address)) continue
    capabilities[toHex(chainId)] = {
      atomic: { status: 'supported' },
      atomicBatch: { supported: true },
      // Smart sessions delegate from the smart account only (never from the EOA).
      permissions: permissionsCapability,
    }
  }
  if (address === undefined)
    // No address: where there is no smart account, batches come from the EOA.
    for (const chainId of eoaChains) capabilities[toHex(chainId)] ??= eoaCapabilities
  if (typeof address === 'string' && Object.keys(capabilities).length === 0) {
    // Not the visitor's on the chains asked about; on other chains it may still be theirs.
    const all = await Promise.all(
      (context.smartAccounts?.chainIds ?? []).map((chainId) =>
        context.smartAccounts?.get(chainId).catch(() => undefined),
      ),
    )
    if (!all.some((account) => account && isAddressEqual(account.address, address)))
      throw new RpcError('The address is not the connected account', 4100)
  }
  return capabilities
}

/** SPEC §5: every call of a batch names its target as a 0x-prefixed address. */
export const batchTargetMessage = 'Batched-send calls need a 0x-prefixed target address'

type SendCallsRequest = {
  version?: unknown
  id?: unknown
  from?: unknown
  chainId?: unknown
  atomicRequired?: unknown
  calls?: unknown
  capabilities?: unknown
}

/**
 * EIP-5792 `wallet_sendCalls` from the smart account: the whole batch is checked (SPEC §5 targets,
 * hex values and data, the network, the sender, capabilities) before anything else; then ONE user
 * operation is prepared, its calls (decoded back from its `callData`), cost and sender are shown
 * on the frame's card, and only after the visitor's Confirm there is it signed by the owner key
 * and sent to the bundler, unchanged. Answers `{ id }` for `wallet_getCallsStatus`.
 */
async function sendCalls(context: RpcContext, params: unknown[]) {
  const [request] = params as [SendCallsRequest | undefined]
  const invalid = (details: string) => new RpcError('Invalid params', -32602, { details })
  if (!request || typeof request !== 'object') throw invalid('No calls request')
  if (!Array.isArray(request.calls) || request.calls.length === 0)
    throw invalid('`calls` must list at least one call')
  if (request.calls.length > maxBatchedCalls)
    throw invalid(`At most ${maxBatchedCalls} calls fit in one batch`)
  const calls: SmartAccountCall[] = request.calls.map((call: unknown) => {
    const { to, data, value, capabilities } = (call ?? {}) as Record<string, unknown>
    if (!isCallTarget(to)) throw new RpcError(batchTargetMessage, -32602)
    if (data !== undefined && !(typeof data === 'string' && isHex(data) && data.length % 2 === 0))
      throw invalid('A call `data` must be hex bytes')
    if (value !== undefined && !isHexQuantity(value))
      throw invalid('A call `value` must be a hex quantity')
    assertCapabilities(capabilities)
    return {
      to: getAddress(to),
      value: value === undefined ? 0n : hexToBigInt(value as Hex),
      data: (data as Hex | undefined) ?? '0x',
    }
  })
  assertCapabilities(request.capabilities)
  if (request.chainId !== undefined && !isHexQuantity(request.chainId))
    throw invalid('`chainId` must be a hex chain id')
  const chainId =
    request.chainId === undefined ? context.chainId : Number(hexToBigInt(request.chainId as Hex))
  if (request.from !== undefined && (typeof request.from !== 'string' || !isAddress(request.from)))
    throw invalid('`from` must be an EVM address')
  const owner = context.address
  if (!owner) throw new RpcError('Not connected to email or social', 4100)

  const smartAccount = context.rpcUrls[chainId]
    ? await context.smartAccounts?.get(chainId)
    : undefined
  // From the EOA (named, or no smart account here): one card, then one transaction per call.
  if (request.from !== undefined ? isAddressEqual(request.from as Hex, owner) : !smartAccount) {
    if (request.atomicRequired === true)
      throw new RpcError('Atomicity not supported', 5760, {
        details: 'The EOA cannot run calls atomically; send them from the smart account',
      })
    if (!context.rpcUrls[chainId])
      throw new RpcError('Unsupported chain id', 5710, { details: `${chainId}` })
    const id = await sendEoaCalls(context, { chainId, calls })
    return request.version === '1.0' ? id : { id }
  }
  if (!smartAccount) throw new RpcError('Unsupported chain id', 5710, { details: `${chainId}` })
  if (request.from !== undefined && !isAddressEqual(request.from as Hex, smartAccount.address))
    throw new RpcError('The address is not the connected account', 4100)

  const prepared = await prepareSmartAccountOperation({
    clients: smartAccount.clients,
    owner,
    sender: smartAccount.address,
    calls,
  })
  await context.approve({
    kind: 'evmCalls',
    origin: context.origin,
    chainId,
    from: smartAccount.address,
    owner,
    calls: prepared.calls.map((call) => ({
      to: call.to,
      ...(call.data !== '0x' ? { data: call.data } : {}),
      ...(call.value ? { value: call.value } : {}),
    })),
    gas: { gasLimit: prepared.gasLimit, maxFeePerGas: prepared.maxFeePerGas },
    deploysAccount: prepared.deploysAccount,
  })
  // Signed only now, by the key that owns the account (withSigner checks it is the visitor's).
  const signature = await context.withSigner(async ({ eip155 }) => {
    if (!isAddressEqual(eip155.address, owner))
      throw new RpcError('The address is not the connected account', 4100)
    return signUserOperation({
      owner: eip155,
      chainId,
      network: smartAccount.clients.network,
      userOperation: prepared.userOperation,
    })
  })
  const hash = await sendSignedUserOperation({
    clients: smartAccount.clients,
    userOperation: prepared.userOperation,
    signature,
  })
  const id = toCallsId(hash, chainId)
  // EIP-5792 v1 answered the id itself; v2 answers an object.
  return request.version === '1.0' ? id : { id }
}

/**
 * EIP-5792 `wallet_getCallsStatus(id)`: 100 while the bundler has no receipt, then 200 (success)
 * or 500 (included, the calls reverted) with the receipt of the transaction that included it.
 */
async function getCallsStatus(context: RpcContext, params: unknown[]) {
  const [id] = params
  const eoaBatch = fromEoaCallsId(id)
  if (eoaBatch) {
    if (!context.rpcUrls[eoaBatch.chainId]) throw new RpcError('Unknown bundle id', 5730)
    return getEoaCallsStatus(context, id as Hex, eoaBatch)
  }
  const decoded = fromCallsId(id)
  if (!decoded) throw new RpcError('Unknown bundle id', 5730)
  if (!context.address) throw new RpcError('Not connected to email or social', 4100)
  const smartAccount = context.rpcUrls[decoded.chainId]
    ? await context.smartAccounts?.get(decoded.chainId)
    : undefined
  if (!smartAccount) throw new RpcError('Unknown bundle id', 5730)
  const status = await readUserOperationStatus(smartAccount.clients, decoded.hash)
  const common = { version: '2.0.0', id, chainId: toHex(decoded.chainId), atomic: true }
  if (status.status === 'pending') return { ...common, status: 100 }
  return {
    ...common,
    status: status.status === 'success' ? 200 : 500,
    receipts: [status.receipt],
  }
}

/** EIP-5792: a capability the wallet does not support fails the request unless it is optional. */
function assertCapabilities(capabilities: unknown) {
  if (capabilities === undefined) return
  if (!capabilities || typeof capabilities !== 'object' || Array.isArray(capabilities))
    throw new RpcError('Invalid params', -32602, { details: '`capabilities` must be an object' })
  for (const [name, value] of Object.entries(capabilities))
    if ((value as { optional?: unknown } | null)?.optional !== true)
      throw new RpcError('Unsupported non-optional capability', 5700, { details: name })
}

function isHexQuantity(value: unknown): value is Hex {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)
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
export function signInMessageOf(message: string): { domain: string; text: string } | undefined {
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
