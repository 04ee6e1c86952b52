import { ERC1967Proxy as erc1967ProxyBytecode } from '@metamask/delegation-abis/bytecode'
import {
  type Address,
  type Chain,
  concat,
  createPublicClient,
  decodeAbiParameters,
  decodeFunctionData,
  defineChain,
  encodeAbiParameters,
  encodeDeployData,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  type Hex,
  hexToBigInt,
  http,
  type LocalAccount,
  numberToHex,
  type PublicClient,
  parseAbi,
  size,
  slice,
} from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  entryPoint07Abi,
  type SmartAccount,
  type SmartAccountImplementation,
  sendUserOperation,
  toPackedUserOperation,
  toSmartAccount,
  type UserOperation,
} from 'viem/account-abstraction'
import { getCode } from 'viem/actions'
import { BaseError } from '../errors.ts'

/**
 * A network where the embedded wallet has a smart account (the server's `/appkit/v1/config`
 * `smartAccounts`, by chain id): its ERC-4337 bundler, the EntryPoint v0.7 it bundles for, and
 * MetaMask's Delegation Framework there: the SimpleFactory that deploys the accounts
 * (HybridDeleGator proxies), their implementation, the DelegationManager that redeems smart
 * sessions and the caveat enforcers of their policies.
 */
export type SmartAccountNetwork = {
  bundlerUrl: string
  entryPoint: Address
  factory: Address
  implementation: Address
  delegationManager: Address
  enforcers: {
    timestamp: Address
    allowedTargets: Address
    allowedMethods: Address
    erc20TransferAmount: Address
    valueLte: Address
  }
}

/** Smart-account networks by EVM chain id. */
export type SmartAccountNetworks = Readonly<Record<number, SmartAccountNetwork>>

/** The DeleGator SimpleFactory: CREATE2 of a proxy's creation code under a salt. */
export const simpleFactoryAbi = parseAbi([
  'function deploy(bytes _bytecode, bytes32 _salt) returns (address)',
])

/** The functions of HybridDeleGator the frame encodes and decodes (ERC-7579 execution). */
export const hybridDeleGatorAbi = parseAbi([
  'function initialize(address _owner, string[] _keyIds, uint256[] _xValues, uint256[] _yValues)',
  'function execute(bytes32 _mode, bytes _executionCalldata)',
  'function owner() view returns (address)',
  'function isValidSignature(bytes32 _hash, bytes _signature) view returns (bytes4)',
])

/** ERC-7579 execution modes: one call (packed), or a batch (abi-encoded), reverting on failure. */
export const executionModes = {
  single: `0x${'00'.repeat(32)}`,
  batch: `0x01${'00'.repeat(31)}`,
} as const satisfies Record<string, Hex>

const executionsParameter = [
  {
    type: 'tuple[]',
    components: [
      { name: 'target', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'callData', type: 'bytes' },
    ],
  },
] as const

/** One call of a batch, as the account makes it. */
export type SmartAccountCall = { to: Address; value: bigint; data: Hex }

/** The factory salt of the visitor's account: one account per owner key. */
const accountSalt: Hex = `0x${'00'.repeat(32)}`

/**
 * A well-formed 65-byte ECDSA signature that recovers to nobody the account knows: gas
 * estimation only (HybridDeleGator answers "invalid signature" for it rather than reverting).
 */
const stubSignature: Hex = `0x${'00'.repeat(31)}01${'00'.repeat(31)}011b`

/** ERC-7579 `executionCalldata` of calls: packed for one, abi-encoded executions for a batch. */
export function encodeExecutionCalldata(calls: readonly SmartAccountCall[]): {
  mode: Hex
  executionCalldata: Hex
} {
  if (calls.length === 1) {
    const [call] = calls as [SmartAccountCall]
    return {
      mode: executionModes.single,
      executionCalldata: encodePacked(
        ['address', 'uint256', 'bytes'],
        [call.to, call.value, call.data],
      ),
    }
  }
  return {
    mode: executionModes.batch,
    executionCalldata: encodeAbiParameters(executionsParameter, [
      calls.map((call) => ({ target: call.to, value: call.value, callData: call.data })),
    ]),
  }
}

/** The calls an ERC-7579 `(mode, executionCalldata)` makes; throws for other modes. */
export function decodeExecutionCalldata(mode: Hex, executionCalldata: Hex): SmartAccountCall[] {
  if (mode === executionModes.single) {
    if (size(executionCalldata) < 52) throw new BaseError('The call is shorter than its header')
    return [
      {
        to: slice(executionCalldata, 0, 20),
        value: hexToBigInt(slice(executionCalldata, 20, 52)),
        data: size(executionCalldata) === 52 ? '0x' : slice(executionCalldata, 52),
      },
    ].map((call) => ({ ...call, to: call.to as Address }))
  }
  if (mode === executionModes.batch) {
    const [executions] = decodeAbiParameters(executionsParameter, executionCalldata)
    return executions.map((execution) => ({
      to: execution.target,
      value: execution.value,
      data: execution.callData,
    }))
  }
  throw new BaseError(`Unsupported execution mode ${mode}`)
}

/** `execute(mode, executionCalldata)` of the account for `calls`: what the operation runs. */
export function encodeDeleGatorCalls(calls: readonly SmartAccountCall[]): Hex {
  if (calls.length === 0) throw new BaseError('A user operation needs at least one call')
  const { mode, executionCalldata } = encodeExecutionCalldata(calls)
  return encodeFunctionData({
    abi: hybridDeleGatorAbi,
    functionName: 'execute',
    args: [mode, executionCalldata],
  })
}

/** The calls a HybridDeleGator `callData` makes; throws for anything else. */
export function decodeDeleGatorCalls(callData: Hex): SmartAccountCall[] {
  const decoded = decodeFunctionData({ abi: hybridDeleGatorAbi, data: callData })
  if (decoded.functionName !== 'execute')
    throw new BaseError(`The operation calls ${decoded.functionName}, not execute`)
  const [mode, executionCalldata] = decoded.args
  return decodeExecutionCalldata(mode, executionCalldata)
}

/**
 * The owner's HybridDeleGator: its counterfactual address (CREATE2 of an ERC-1967 proxy to the
 * implementation, initialized with the owner and no passkeys, by the SimpleFactory) and the
 * factory call that deploys it there.
 */
export function deleGatorDeployment(network: SmartAccountNetwork, owner: Address) {
  const creationCode = encodeDeployData({
    abi: parseAbi(['constructor(address implementation, bytes _data)']),
    bytecode: erc1967ProxyBytecode as Hex,
    args: [
      network.implementation,
      encodeFunctionData({
        abi: hybridDeleGatorAbi,
        functionName: 'initialize',
        args: [owner, [], [], []],
      }),
    ],
  })
  return {
    address: getContractAddress({
      opcode: 'CREATE2',
      from: network.factory,
      salt: accountSalt,
      bytecode: creationCode,
    }),
    factory: network.factory,
    factoryData: encodeFunctionData({
      abi: simpleFactoryAbi,
      functionName: 'deploy',
      args: [creationCode, accountSalt],
    }),
  }
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

/** Whether the account has been deployed (its first user operation is mined). */
export async function isSmartAccountDeployed(client: PublicClient, address: Address) {
  const code = await getCode(client, { address })
  return code !== undefined && code !== '0x'
}

/**
 * The owner's DeleGator as a viem `SmartAccount` that can be prepared but not signed: the frame
 * signs a prepared operation itself, with the owner key, after the visitor approved it
 * (`signUserOperation`). viem's default nonce key (time-based) lets operations run in parallel.
 */
async function toUnsignableDeleGator(
  clients: SmartAccountClients,
  owner: Address,
  address: Address,
): Promise<SmartAccount> {
  const { client, network } = clients
  const deployment = deleGatorDeployment(network, owner)
  return toSmartAccount<SmartAccountImplementation<typeof entryPoint07Abi, '0.7'>>({
    client,
    entryPoint: { abi: entryPoint07Abi, address: network.entryPoint, version: '0.7' },
    async decodeCalls(data) {
      return decodeDeleGatorCalls(data)
    },
    async encodeCalls(calls) {
      return encodeDeleGatorCalls(
        calls.map((call) => ({ to: call.to, value: call.value ?? 0n, data: call.data ?? '0x' })),
      )
    },
    async getAddress() {
      return address
    },
    async getFactoryArgs() {
      return { factory: deployment.factory, factoryData: deployment.factoryData }
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
 * One user operation of the owner's DeleGator for all `calls`: nonce, initCode when the account
 * does not exist yet, gas limits from the bundler, fees from the node. Nothing is signed.
 */
export async function prepareSmartAccountOperation(parameters: {
  clients: SmartAccountClients
  owner: Address
  sender: Address
  calls: readonly SmartAccountCall[]
}): Promise<PreparedSmartAccountOperation> {
  const { clients, owner, sender, calls } = parameters
  if (calls.length === 0) throw new BaseError('A user operation needs at least one call')
  const account = await toUnsignableDeleGator(clients, owner, sender)
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
    calls: decodeDeleGatorCalls(userOperation.callData),
    deploysAccount: Boolean(userOperation.factory),
    gasLimit,
    maxFeePerGas: userOperation.maxFeePerGas,
  }
}

/** HybridDeleGator's EIP-712 type of a user operation (its `validateUserOp` hashes this). */
const packedUserOperationTypes = {
  PackedUserOperation: [
    { name: 'sender', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'initCode', type: 'bytes' },
    { name: 'callData', type: 'bytes' },
    { name: 'accountGasLimits', type: 'bytes32' },
    { name: 'preVerificationGas', type: 'uint256' },
    { name: 'gasFees', type: 'bytes32' },
    { name: 'paymasterAndData', type: 'bytes' },
    { name: 'entryPoint', type: 'address' },
  ],
} as const

/**
 * The owner's signature of the operation: HybridDeleGator checks an ECDSA signature by its owner
 * of the EIP-712 `PackedUserOperation` (domain: the account itself, 'HybridDeleGator' v1).
 */
export async function signUserOperation(parameters: {
  owner: LocalAccount
  chainId: number
  network: SmartAccountNetwork
  userOperation: UserOperation<'0.7'>
}): Promise<Hex> {
  const { owner, chainId, network, userOperation } = parameters
  const packed = toPackedUserOperation({ ...userOperation, signature: '0x' })
  return owner.signTypedData({
    domain: {
      name: 'HybridDeleGator',
      version: '1',
      chainId,
      verifyingContract: userOperation.sender,
    },
    types: packedUserOperationTypes,
    primaryType: 'PackedUserOperation',
    message: { ...packed, entryPoint: network.entryPoint },
  })
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
