import {
  type Hex,
  isAddressEqual,
  isHex,
  serializeErc6492Signature,
  type TypedDataDefinition,
} from 'viem'
import {
  deleGatorDeployment,
  isSmartAccountDeployed,
  type SmartAccountClients,
} from '../smartAccount/delegator.ts'
// A cycle with handleRpcRequest.ts, used only inside functions (never while modules load).
import { type RpcContext, RpcError, signInMessageOf } from './handleRpcRequest.ts'

/**
 * `personal_sign` for the smart account (the app's active account): the same card as the EOA's,
 * naming the smart account, then the owner key signs; the HybridDeleGator accepts its owner's
 * signature (ERC-1271). Before its first operation the account has no code yet, so the signature
 * is wrapped with its deployment (ERC-6492) and verifiers that know ERC-6492 (viem's
 * `verifyMessage`) accept it all the same.
 */
export async function signMessageAsSmartAccount(
  context: RpcContext,
  { message, address }: { message: unknown; address: Hex },
): Promise<Hex> {
  const owner = context.address
  if (!owner) throw new RpcError('Not connected to email or social', 4100)
  if (typeof message !== 'string') throw new RpcError('Invalid params', -32602)
  const account = await context.smartAccounts?.get(context.chainId)
  if (!account || !isAddressEqual(account.address, address))
    throw new RpcError('The address is not the connected account', 4100)
  const signIn = signInMessageOf(message)
  if (signIn && signIn.domain !== new URL(context.origin).host)
    throw new RpcError('Sign-in domain does not match the requesting app', 4100, {
      details: `domain ${signIn.domain}, origin ${context.origin}`,
    })
  await context.approve(
    signIn
      ? {
          kind: 'signIn',
          origin: context.origin,
          chainId: context.chainId,
          address,
          message: signIn.text,
        }
      : { kind: 'evmMessage', origin: context.origin, chainId: context.chainId, address, message },
  )
  const signature = await context.withSigner(({ eip155 }) => {
    if (!isAddressEqual(eip155.address, owner))
      throw new RpcError('The address is not the connected account', 4100)
    return eip155.signMessage({ message: isHex(message) ? { raw: message } : message })
  })
  return asAccountSignature({
    clients: account.clients,
    address: account.address,
    owner,
    signature,
  })
}

export type SignTypedDataAsSmartAccountParameters = {
  /** Already parsed, without `EIP712Domain` among its types (`parseTypedDataParam`). */
  typedData: TypedDataDefinition
  address: Hex
}
export type SignTypedDataAsSmartAccountReturnType = Hex
export type SignTypedDataAsSmartAccountErrorType = RpcError

/**
 * `eth_signTypedData_v4` for the smart account (the app's active account): the same card as the
 * EOA's typed data, naming the smart account, then the owner key signs the EIP-712 digest.
 * HybridDeleGator's `isValidSignature(hash, signature)` recovers a 65-byte signature against
 * `hash` itself and compares with its owner, so the owner's signature of the digest is the
 * account's (ERC-1271); before deployment it is wrapped with the factory call (ERC-6492).
 */
export async function signTypedDataAsSmartAccount(
  context: RpcContext,
  { typedData, address }: SignTypedDataAsSmartAccountParameters,
): Promise<SignTypedDataAsSmartAccountReturnType> {
  const owner = context.address
  if (!owner) throw new RpcError('Not connected to email or social', 4100)
  const account = await context.smartAccounts?.get(context.chainId)
  if (!account || !isAddressEqual(account.address, address))
    throw new RpcError('The address is not the connected account', 4100)
  await context.approve({
    kind: 'evmTypedData',
    origin: context.origin,
    chainId: context.chainId,
    address,
    typedData,
  })
  const signature = await context.withSigner(({ eip155 }) => {
    if (!isAddressEqual(eip155.address, owner))
      throw new RpcError('The address is not the connected account', 4100)
    return eip155.signTypedData(typedData)
  })
  return asAccountSignature({
    clients: account.clients,
    address: account.address,
    owner,
    signature,
  })
}

/**
 * The owner's signature as the account's: as it is once the account has code (ERC-1271), else
 * wrapped with the factory call that deploys it (ERC-6492), so verifiers can simulate that first.
 */
async function asAccountSignature(parameters: {
  clients: SmartAccountClients
  address: Hex
  owner: Hex
  signature: Hex
}): Promise<Hex> {
  const { clients, address, owner, signature } = parameters
  if (await isSmartAccountDeployed(clients.client, address)) return signature
  const { factory, factoryData } = deleGatorDeployment(clients.network, owner)
  return serializeErc6492Signature({ address: factory, data: factoryData, signature })
}
