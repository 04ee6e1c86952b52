import { createKeyPairSignerFromBytes } from '@solana/kit'
import {
  createWalletClient,
  defineChain,
  type Hex,
  hexToBigInt,
  hexToNumber,
  http,
  isAddressEqual,
  isHex,
  numberToHex,
  type TypedDataDefinition,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { answerBitcoinRequest } from '../../bitcoin/answerBitcoinRequest.ts'
import type { BitcoinTestWallet } from '../../bitcoin/createBitcoinTestWallet.ts'
import { answerCosmosRequest } from '../../cosmos/answerCosmosRequest.ts'
import type { CosmosTestWallet } from '../../cosmos/createCosmosTestWallet.ts'
import { answerPolkadotRequest } from '../../polkadot/answerPolkadotRequest.ts'
import type { PolkadotTestWallet } from '../../polkadot/createPolkadotTestWallet.ts'
import { answerSolanaRequest } from '../../solana/answerSolanaRequest.ts'
import {
  invalidRequestParams,
  unauthorizedAccount,
  unrecognizedChain,
  unsupportedMethod,
  WalletRequestError,
} from '../errors.ts'
import type { MobileWalletAccount, MobileWalletChain, MobileWalletSolanaAccount } from './types.ts'

/** The methods the mobile test wallet answers (and approves in its sessions). */
export const supportedMethods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'eth_chainId',
  'eth_accounts',
] as const

export type AnswerSessionRequestParameters = {
  method: string
  params: unknown
  /** CAIP-2 id of the chain the dapp sent the request for, e.g. `eip155:31337`. */
  chainId: string
  /** The session's eip155 account (none in a Solana-only session). */
  account: MobileWalletAccount | undefined
  chains: readonly MobileWalletChain[]
  /** Moves the session to another devnet chain (for `wallet_switchEthereumChain`). */
  switchChain: (chainId: number) => Promise<void>
  /** The session's Solana account and the cluster's RPC, for `solana_*` requests. */
  solana?: { account: MobileWalletSolanaAccount; rpcUrl: string } | undefined
  /** The wallets answering the session's bip122, polkadot and cosmos requests (by `chainId`). */
  bitcoin?: BitcoinTestWallet | undefined
  polkadot?: PolkadotTestWallet | undefined
  cosmos?: CosmosTestWallet | undefined
}

/** The JSON-RPC result to send back to the dapp. */
export type AnswerSessionRequestReturnType = unknown

export type AnswerSessionRequestErrorType = WalletRequestError

/**
 * Carries out an approved request the way a wallet app does: signs with the session's account
 * (a viem local account) and sends transactions to the chain's anvil RPC; `solana_*` requests are
 * signed with the session's Solana key and sent to the local Solana cluster; bip122, polkadot and
 * cosmos requests (by the request's chain) are signed by those chains' test wallets.
 */
export async function answerSessionRequest(
  parameters: AnswerSessionRequestParameters,
): Promise<AnswerSessionRequestReturnType> {
  const { method, params, account, chains, switchChain } = parameters
  if (method.startsWith('solana_')) return answerSolana(parameters)
  const family = parameters.chainId.split(':')[0]
  if (family === 'bip122' || family === 'polkadot' || family === 'cosmos')
    return answerOtherChain(parameters)
  if (!account) throw unauthorizedAccount('(no eip155 account in this session)')
  const signer = privateKeyToAccount(account.privateKey)
  const chain = findChain(chains, parameters.chainId)
  const list = Array.isArray(params) ? (params as unknown[]) : []

  switch (method) {
    case 'eth_accounts':
      return [signer.address]
    case 'eth_chainId':
      return numberToHex(chain.chainId)
    case 'personal_sign': {
      const [message, address] = list
      if (typeof message !== 'string') throw invalidRequestParams('personal_sign needs a message.')
      assertAccount(address, signer.address)
      // Dapps send the message hex-encoded (EIP-1193); a few send plain text.
      return signer.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = list
      assertAccount(address, signer.address)
      return signer.signTypedData(parseTypedData(data))
    }
    case 'eth_sendTransaction': {
      const [transaction] = list as [TransactionRequest | undefined]
      if (!transaction || typeof transaction !== 'object') {
        throw invalidRequestParams('eth_sendTransaction needs a transaction object.')
      }
      if (transaction.from !== undefined) assertAccount(transaction.from, signer.address)
      const client = createWalletClient({
        account: signer,
        chain: defineChain({
          id: chain.chainId,
          name: chain.name,
          nativeCurrency: chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [chain.rpcUrl] } },
        }),
        transport: http(chain.rpcUrl),
      })
      try {
        return await client.sendTransaction({
          to: transaction.to ?? null,
          data: transaction.data ?? transaction.input,
          value: toBigInt(transaction.value),
          gas: toBigInt(transaction.gas),
          nonce: transaction.nonce === undefined ? undefined : hexToNumber(transaction.nonce),
          ...(transaction.gasPrice !== undefined
            ? { gasPrice: toBigInt(transaction.gasPrice) }
            : {
                maxFeePerGas: toBigInt(transaction.maxFeePerGas),
                maxPriorityFeePerGas: toBigInt(transaction.maxPriorityFeePerGas),
              }),
        } as Parameters<typeof client.sendTransaction>[0])
      } catch (error) {
        // The node's own reason (e.g. insufficient funds) is what the dapp needs to see.
        const message = (error as { shortMessage?: string }).shortMessage ?? String(error)
        throw new WalletRequestError({ code: -32603, message })
      }
    }
    case 'wallet_switchEthereumChain': {
      const [target] = list as [{ chainId?: unknown } | undefined]
      const hexChainId = target?.chainId
      if (typeof hexChainId !== 'string' || !isHex(hexChainId)) {
        throw invalidRequestParams('wallet_switchEthereumChain needs { chainId: hex }.')
      }
      const chainId = hexToNumber(hexChainId)
      if (!chains.some((known) => known.chainId === chainId)) throw unrecognizedChain(chainId)
      await switchChain(chainId)
      return null
    }
    default:
      throw unsupportedMethod(method)
  }
}

async function answerSolana({ method, params, solana }: AnswerSessionRequestParameters) {
  if (!solana) throw unsupportedMethod(method)
  const signer = await createKeyPairSignerFromBytes(new Uint8Array(solana.account.secretKey))
  try {
    return await answerSolanaRequest({ method, params, signer, rpcUrl: solana.rpcUrl })
  } catch (error) {
    // The cluster's own reason (e.g. insufficient funds) is what the dapp needs to see.
    const { code, shortMessage, message } = error as Partial<WalletRequestError>
    throw new WalletRequestError({
      code: typeof code === 'number' ? code : -32603,
      message: shortMessage ?? message ?? String(error),
    })
  }
}

/** bip122, polkadot and cosmos requests, answered by the chain's test wallet. */
async function answerOtherChain(parameters: AnswerSessionRequestParameters) {
  const { method, params, chainId, bitcoin, polkadot, cosmos } = parameters
  const [family, reference = ''] = chainId.split(':')
  try {
    if (family === 'bip122' && bitcoin)
      return await answerBitcoinRequest({ method, params, wallet: bitcoin })
    if (family === 'polkadot' && polkadot)
      return await answerPolkadotRequest({ method, params, wallet: polkadot })
    if (family === 'cosmos' && cosmos)
      return await answerCosmosRequest({ method, params, chainId: reference, wallet: cosmos })
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: string }
    throw new WalletRequestError({
      code: typeof code === 'number' ? code : -32603,
      message: message ?? String(error),
    })
  }
  throw unsupportedMethod(method)
}

type TransactionRequest = {
  from?: string
  to?: Hex
  data?: Hex
  input?: Hex
  value?: Hex
  gas?: Hex
  gasPrice?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
  nonce?: Hex
}

function findChain(chains: readonly MobileWalletChain[], caipChainId: string): MobileWalletChain {
  const chainId = Number(caipChainId.split(':')[1])
  const chain = chains.find((known) => known.chainId === chainId)
  if (!chain) throw unrecognizedChain(chainId)
  return chain
}

function assertAccount(address: unknown, expected: Hex): void {
  if (typeof address !== 'string' || !isHex(address) || !isAddressEqual(address, expected)) {
    throw unauthorizedAccount(String(address))
  }
}

function toBigInt(value: Hex | undefined): bigint | undefined {
  return value === undefined ? undefined : hexToBigInt(value)
}

function parseTypedData(data: unknown): TypedDataDefinition {
  let value: unknown = data
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data)
    } catch {
      throw invalidRequestParams('eth_signTypedData_v4 needs typed data as JSON.')
    }
  }
  const typedData = value as Partial<TypedDataDefinition> | null
  if (!typedData || typeof typedData !== 'object' || !typedData.types || !typedData.primaryType) {
    throw invalidRequestParams('eth_signTypedData_v4 needs types, primaryType, domain and message.')
  }
  return typedData as TypedDataDefinition
}
