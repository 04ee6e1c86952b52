import {
  type Address,
  type Chain,
  concat,
  createPublicClient,
  decodeFunctionData,
  defineChain,
  encodeFunctionData,
  type Hex,
  hexToBigInt,
  http,
  type LocalAccount,
  numberToHex,
  type PublicClient,
  parseAbi,
  slice,
} from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  entryPoint07Abi,
  getUserOperationHash,
  type SmartAccount,
  type SmartAccountImplementation,
  sendUserOperation,
  toSmartAccount,
  type UserOperation,
} from 'viem/account-abstraction'
import { getCode, readContract } from 'viem/actions'
import { BaseError } from '../errors.ts'

/**
 * A network where the embedded wallet has a smart account (the server's `/appkit/v1/config`
 * `smartAccounts`, by chain id): its ERC-4337 bundler, the EntryPoint v0.7 it bundles for, and
 * the SimpleAccountFactory v0.7 that deploys the accounts.
 */
export type SmartAccountNetwork = { bundlerUrl: string; entryPoint: Address; factory: Address }

/** Smart-account networks by EVM chain id. */
export type SmartAccountNetworks = Readonly<Record<number, SmartAccountNetwork>>

/** The functions of eth-infinitism's SimpleAccountFactory v0.7 the frame uses. */
export const simpleAccountFactoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

/** The functions of eth-infinitism's SimpleAccount v0.7 the frame encodes and decodes. */
export const simpleAccountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
])

/** One call of a batch, as the account makes it. */
export type SmartAccountCall = { to: Address; value: bigint; data: Hex }

/** The factory salt of the visitor's account: one account per owner key. */
const accountSalt = 0n

/** A well-formed 65-byte ECDSA signature that recovers to nobody: gas estimation only. */
const stubSignature: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/** `execute` for one call, `executeBatch` for several: what the account runs. */
export function encodeSimpleAccountCalls(calls: readonly SmartAccountCall[]): Hex {
  if (calls.length === 1) {
    const [call] = calls as [SmartAccountCall]
    return encodeFunctionData({
      abi: simpleAccountAbi,
      functionName: 'execute',
      args: [call.to, call.value, call.data],
    })
  }
  return encodeFunctionData({
    abi: simpleAccountAbi,
    functionName: 'executeBatch',
    args: [calls.map((call) => call.to), calls.map((call) => call.value), calls.map((c) => c.data)],
  })
}

/** The calls a SimpleAccount `callData` makes; throws for anything else. */
export function decodeSimpleAccountCalls(callData: Hex): SmartAccountCall[] {
  const decoded = decodeFunctionData({ abi: simpleAccountAbi, data: callData })
  if (decoded.functionName === 'execute') {
    const [to, value, data] = decoded.args
    return [{ to, value, data }]
  }
  const [targets, values, datas] = decoded.args
  // SimpleAccount accepts an empty value array (no value sent); anything else must line up.
  if (datas.length !== targets.length || (values.length !== 0 && values.length !== targets.length))
    throw new BaseError('The batch has calls of different lengths')
  return targets.map((to, index) => ({
    to,
    value: values[index] ?? 0n,
    data: datas[index] ?? '0x',
  }))
}

export type SmartAccountClients = {
  chainId: number
  network: SmartAccountNetwork
  client: PublicClient
  bundler: BundlerClient
}

/** A public client and a bundler client of one smart-account network (cached by the caller). */
export function createSmartAccountClients(parameters: {
  chainId: number
  rpcUrl: string
  network: SmartAccountNetwork
}): SmartAccountClients {
  const { chainId, rpcUrl, network } = parameters
  const chain: Chain = defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const client = createPublicClient({ chain, transport: http(rpcUrl) }) as PublicClient
  const bundler = createBundlerClient({
    chain,
    client,
    transport: http(network.bundlerUrl, { retryCount: 0 }),
  })
  return { chainId, network, client, bundler }
}

/** The counterfactual address of the owner's SimpleAccount (the factory's `getAddress`). */
export async function readSimpleAccountAddress(parameters: {
  client: PublicClient
  network: SmartAccountNetwork
  owner: Address
}): Promise<Address> {
  const { client, network, owner } = parameters
  return readContract(client, {
    address: network.factory,
    abi: simpleAccountFactoryAbi,
    functionName: 'getAddress',
    args: [owner, accountSalt],
  })
}

/** Whether the account has been deployed (its first user operation is mined). */
export async function isSmartAccountDeployed(client: PublicClient, address: Address) {
  const code = await getCode(client, { address })
  return code !== undefined && code !== '0x'
}

/**
 * The owner's SimpleAccount as a viem `SmartAccount` that can be prepared but not signed: the
 * frame signs a prepared operation itself, with the owner key, after the visitor approved it
 * (`signUserOperation`). viem's default nonce key (time-based) lets operations run in parallel.
 */
async function toUnsignableSimpleAccount(
  clients: SmartAccountClients,
  owner: Address,
  address: Address,
): Promise<SmartAccount> {
  const { client, network } = clients
  return toSmartAccount<SmartAccountImplementation<typeof entryPoint07Abi, '0.7'>>({
    client,
    entryPoint: { abi: entryPoint07Abi, address: network.entryPoint, version: '0.7' },
    async decodeCalls(data) {
      return decodeSimpleAccountCalls(data)
    },
    async encodeCalls(calls) {
      return encodeSimpleAccountCalls(
        calls.map((call) => ({ to: call.to, value: call.value ?? 0n, data: call.data ?? '0x' })),
      )
    },
    async getAddress() {
      return address
    },
    async getFactoryArgs() {
      return {
        factory: network.factory,
        factoryData: encodeFunctionData({
          abi: simpleAccountFactoryAbi,
          functionName: 'createAccount',
          args: [owner, accountSalt],
        }),
      }
    },
    async getStubSignature() {
      return stubSignature
    },
    async signMessage() {
      throw new BaseError('The smart account signs user operations only')
    },
    async signTypedData() {
      throw new BaseError('The smart account signs user operations only')
    },
    async signUserOperation() {
      throw new BaseError('A user operation is signed in the frame after approval only')
    },
  }) as Promise<SmartAccount>
}

export type PreparedSmartAccountOperation = {
  /** Everything but the signature (a stub until signed). */
  userOperation: UserOperation<'0.7'>
  /** The calls the operation's `callData` makes, decoded back from it: what is shown and signed. */
  calls: SmartAccountCall[]
  /** The operation deploys the account (its first one). */
  deploysAccount: boolean
  /** Gas the operation may use in all (verification, calls, pre-verification, paymaster). */
  gasLimit: bigint
  maxFeePerGas: bigint
}

/**
 * One user operation of the owner's SimpleAccount for all `calls`: nonce, initCode when the
 * account does not exist yet, gas limits from the bundler, fees from the node. Nothing is signed.
 */
export async function prepareSmartAccountOperation(parameters: {
  clients: SmartAccountClients
  owner: Address
  sender: Address
  calls: readonly SmartAccountCall[]
}): Promise<PreparedSmartAccountOperation> {
  const { clients, owner, sender, calls } = parameters
  if (calls.length === 0) throw new BaseError('A user operation needs at least one call')
  const account = await toUnsignableSimpleAccount(clients, owner, sender)
  const prepared = (await clients.bundler.prepareUserOperation({
    account,
    calls: calls.map((call) => ({ to: call.to, value: call.value, data: call.data })),
  })) as unknown as UserOperation<'0.7'>
  const userOperation: UserOperation<'0.7'> = { ...prepared, sender, signature: stubSignature }
  const gasLimit =
    userOperation.callGasLimit +
    userOperation.verificationGasLimit +
    userOperation.preVerificationGas +
    (userOperation.paymasterVerificationGasLimit ?? 0n) +
    (userOperation.paymasterPostOpGasLimit ?? 0n)
  return {
    userOperation,
    calls: decodeSimpleAccountCalls(userOperation.callData),
    deploysAccount: Boolean(userOperation.factory),
    gasLimit,
    maxFeePerGas: userOperation.maxFeePerGas,
  }
}

/**
 * The owner's signature of the operation: SimpleAccount v0.7 checks
 * `ECDSA.recover(toEthSignedMessageHash(userOpHash), signature) == owner`.
 */
export async function signUserOperation(parameters: {
  owner: LocalAccount
  chainId: number
  network: SmartAccountNetwork
  userOperation: UserOperation<'0.7'>
}): Promise<Hex> {
  const { owner, chainId, network, userOperation } = parameters
  const hash = getUserOperationHash({
    chainId,
    entryPointAddress: network.entryPoint,
    entryPointVersion: '0.7',
    userOperation,
  })
  return owner.signMessage({ message: { raw: hash } })
}

/** Sends exactly the signed operation (no re-preparation) and answers its hash. */
export async function sendSignedUserOperation(parameters: {
  clients: SmartAccountClients
  userOperation: UserOperation<'0.7'>
  signature: Hex
}): Promise<Hex> {
  const { clients, userOperation, signature } = parameters
  return sendUserOperation(clients.bundler, {
    ...userOperation,
    signature,
    entryPointAddress: clients.network.entryPoint,
  } as never)
}

/**
 * The EIP-5792 call-batch id of a user operation: its hash and its chain id (32 bytes each), so
 * the status can be found again without the frame keeping any state.
 */
export function toCallsId(userOperationHash: Hex, chainId: number): Hex {
  return concat([userOperationHash, numberToHex(chainId, { size: 32 })])
}

/** The user operation hash and chain id of a call-batch id, or undefined when it is none. */
export function fromCallsId(id: unknown): { hash: Hex; chainId: number } | undefined {
  if (typeof id !== 'string' || !/^0x[0-9a-fA-F]{128}$/.test(id)) return undefined
  const chainId = hexToBigInt(slice(id as Hex, 32, 64))
  if (chainId < 1n || chainId > BigInt(Number.MAX_SAFE_INTEGER)) return undefined
  return { hash: slice(id as Hex, 0, 32), chainId: Number(chainId) }
}

/** An EIP-5792 receipt (RPC encoding) of the transaction that included the operation. */
export type CallsReceipt = {
  logs: { address: Hex; data: Hex; topics: Hex[] }[]
  status: Hex
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hex
}

export type UserOperationStatus =
  | { status: 'pending' }
  | { status: 'success' | 'reverted'; receipt: CallsReceipt }

/**
 * Where the operation is: `pending` until the bundler reports its receipt, then `success`, or
 * `reverted` when the account's calls reverted on chain (the operation was still included).
 */
export async function readUserOperationStatus(
  clients: SmartAccountClients,
  hash: Hex,
): Promise<UserOperationStatus> {
  const found = (await clients.bundler.request({
    method: 'eth_getUserOperationReceipt',
    params: [hash],
  })) as unknown as RpcUserOperationReceipt | null
  if (!found) return { status: 'pending' }
  const { receipt } = found
  return {
    status: found.success ? 'success' : 'reverted',
    receipt: {
      logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
      status: receipt.status,
      blockHash: receipt.blockHash,
      blockNumber: receipt.blockNumber,
      gasUsed: receipt.gasUsed,
      transactionHash: receipt.transactionHash,
    },
  }
}

type RpcUserOperationReceipt = {
  success: boolean
  receipt: {
    logs: { address: Hex; data: Hex; topics: Hex[] }[]
    status: Hex
    blockHash: Hex
    blockNumber: Hex
    gasUsed: Hex
    transactionHash: Hex
  }
}
