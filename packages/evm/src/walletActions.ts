// What an injected wallet does once connected: switch chain, sign, send. Loaded on first use (like
// viem), so a page with only a connect button does not load it.
import {
  type CaipNetwork,
  isUnrecognizedChainError,
  type SendTransactionParameters,
  type SignMessageParameters,
} from '@foyer/core'
import type { Hex } from 'viem'
import type { Eip1193Provider } from './types.ts'

export type SwitchChainParameters = {
  provider: Eip1193Provider
  network: CaipNetwork
}

/**
 * Switches the wallet's chain (EIP-3326), adding it first when the wallet does not know it (4902,
 * also when wrapped in -32603's `data.originalError`; EIP-3085). Other failures are thrown as the
 * wallet sent them: core's `switchNetwork` maps them onto SPEC §8's chain error codes (4001
 * 'Network switch rejected', -32603 'Unsupported chain', anything else 5000).
 */
export async function switchChain({ provider, network }: SwitchChainParameters): Promise<void> {
  const chainId = `0x${Number(network.id).toString(16)}`
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  } catch (error) {
    if (!isUnrecognizedChainError(error)) throw error
    // The wallet does not know the chain yet: add it, then switch.
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId,
          chainName: network.name,
          nativeCurrency: network.nativeCurrency,
          rpcUrls: network.rpcUrls.default.http,
          blockExplorerUrls: network.blockExplorers
            ? [network.blockExplorers.default.url]
            : undefined,
        },
      ],
    })
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  }
}

/** `personal_sign` of a text (as UTF-8) or of hex bytes. */
export async function signMessage(
  parameters: SignMessageParameters & { provider: Eip1193Provider },
): Promise<string> {
  const { provider, message, address } = parameters
  // viem itself, not loadViem: sharing that module with the page would make it a chunk of its own.
  const { isHex, stringToHex } = await import('viem')
  const data: Hex = isHex(message) ? message : stringToHex(message)
  return String(await provider.request({ method: 'personal_sign', params: [data, address] }))
}

/** `eth_sendTransaction`; the wallet fills gas and nonce. Resolves with the transaction hash. */
export async function sendTransaction(
  parameters: SendTransactionParameters & { provider: Eip1193Provider },
): Promise<string> {
  const { provider, from, to, value, data } = parameters
  return String(
    await provider.request({
      method: 'eth_sendTransaction',
      params: [
        { from, to, data, value: value === undefined ? undefined : `0x${value.toString(16)}` },
      ],
    }),
  )
}
