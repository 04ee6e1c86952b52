import {
  type Address,
  BaseError,
  decodeFunctionData,
  encodeFunctionData,
  type Hex,
  type LocalAccount,
  parseAbi,
} from 'viem'
import {
  entryPoint07Abi,
  entryPoint07Address,
  getUserOperationHash,
  type SmartAccount,
  type SmartAccountImplementation,
  toSmartAccount,
} from 'viem/account-abstraction'
import { readContract } from 'viem/actions'

/** SimpleAccountFactory v0.7's canonical address (the devnet deploys it there). */
export const simpleAccountFactory07Address: Address = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985'

/** The functions of eth-infinitism's SimpleAccountFactory v0.7 used here. */
export const simpleAccountFactoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

/** The functions of eth-infinitism's SimpleAccount v0.7 used here. */
export const simpleAccountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  'function owner() view returns (address)',
])

export type ToSimpleAccountParameters = {
  /** A client of the account's chain (it reads the counterfactual address and the nonce). */
  client: SmartAccountImplementation['client']
  /** Signs the user operations (an ECDSA key: SimpleAccount's only owner). */
  owner: LocalAccount
  /** Default `simpleAccountFactory07Address`. */
  factoryAddress?: Address | undefined
  /** The factory salt; one owner may hold several accounts. Default 0. */
  salt?: bigint | undefined
}

export type SimpleAccountImplementation = SmartAccountImplementation<typeof entryPoint07Abi, '0.7'>

export type ToSimpleAccountReturnType = SmartAccount<SimpleAccountImplementation>

/**
 * eth-infinitism's SimpleAccount v0.7 as a viem `SmartAccount` (viem ships none for it): one ECDSA
 * owner, deployed by the factory on its first user operation (`initCode`), several calls batched
 * through `executeBatch`. It signs user operations only: SimpleAccount v0.7 has no ERC-1271, so
 * no message signature of it would verify.
 */
export async function toSimpleAccount(
  parameters: ToSimpleAccountParameters,
): Promise<ToSimpleAccountReturnType> {
  const { client, owner, factoryAddress = simpleAccountFactory07Address, salt = 0n } = parameters
  const entryPoint = { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' } as const
  let address: Address | undefined
  return toSmartAccount<SimpleAccountImplementation>({
    client,
    entryPoint,
    async decodeCalls(data) {
      const decoded = decodeFunctionData({ abi: simpleAccountAbi, data })
      if (decoded.functionName === 'execute')
        return [{ to: decoded.args[0], value: decoded.args[1], data: decoded.args[2] }]
      if (decoded.functionName === 'executeBatch')
        return decoded.args[0].map((to, index) => ({
          to,
          value: decoded.args[1][index] ?? 0n,
          data: decoded.args[2][index] ?? '0x',
        }))
      throw new BaseError(`unable to decode calls for "${decoded.functionName}"`)
    },
    async encodeCalls(calls) {
      if (calls.length === 1) {
        const [call] = calls as [(typeof calls)[0]]
        return encodeFunctionData({
          abi: simpleAccountAbi,
          functionName: 'execute',
          args: [call.to, call.value ?? 0n, call.data ?? '0x'],
        })
      }
      return encodeFunctionData({
        abi: simpleAccountAbi,
        functionName: 'executeBatch',
        args: [
          calls.map((call) => call.to),
          calls.map((call) => call.value ?? 0n),
          calls.map((call) => call.data ?? '0x'),
        ],
      })
    },
    async getAddress() {
      address ??= await readContract(client, {
        address: factoryAddress,
        abi: simpleAccountFactoryAbi,
        functionName: 'getAddress',
        args: [owner.address, salt],
      })
      return address
    },
    async getFactoryArgs() {
      return {
        factory: factoryAddress,
        factoryData: encodeFunctionData({
          abi: simpleAccountFactoryAbi,
          functionName: 'createAccount',
          args: [owner.address, salt],
        }),
      }
    },
    async getStubSignature() {
      // A well-formed 65-byte ECDSA signature: recovery fails without reverting, as it must.
      return '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'
    },
    async signMessage() {
      throw new BaseError('SimpleAccount v0.7 has no ERC-1271: it cannot sign messages')
    },
    async signTypedData() {
      throw new BaseError('SimpleAccount v0.7 has no ERC-1271: it cannot sign typed data')
    },
    async signUserOperation(parameters) {
      const { chainId = client.chain?.id, ...userOperation } = parameters
      if (chainId === undefined) throw new BaseError('signUserOperation needs the chain id')
      const hash = getUserOperationHash({
        chainId,
        entryPointAddress: entryPoint.address,
        entryPointVersion: entryPoint.version,
        userOperation: { ...userOperation, sender: await this.getAddress() },
      })
      // SimpleAccount checks ECDSA.recover(toEthSignedMessageHash(userOpHash)) == owner.
      return owner.signMessage({ message: { raw: hash as Hex } })
    },
  })
}
