import {
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hash,
  http,
  type PublicClient,
  type WalletClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { SandboxOffer } from './currencies.ts'
import { DeliveryError } from './errors.ts'
import type { SandboxNetwork } from './types.ts'

type EvmNetwork = Extract<SandboxNetwork, { kind: 'evm' }>

/**
 * Gas the quote charges for: a plain Ether transfer, and what wallets estimate for an ERC-20
 * `transfer` to a receiver who may not hold the token yet (a fresh balance slot costs ~20k more).
 */
export const deliveryGas = { native: 21_000n, token: 65_000n } as const

export type EvmSendParameters = {
  network: EvmNetwork
  offer: SandboxOffer
  to: `0x${string}`
  /** Base units (wei, token units). */
  units: bigint
  /** Called with the hash as soon as the node accepted the transaction. */
  onSent: (hash: Hash) => void
}

export type EvmTreasury = {
  address: `0x${string}`
  /** What a delivery of `offer` costs now, in wei: its gas at the node's gas price. */
  deliveryCost(network: EvmNetwork, offer: SandboxOffer): Promise<bigint>
  /** Sends and waits for the receipt; throws `DeliveryError` unless it succeeded. */
  send(parameters: EvmSendParameters): Promise<Hash>
}

const receiptTimeoutMs = 60_000

/** The treasury on EVM networks: one private key, a native transfer or an ERC-20 `transfer`. */
export function createEvmTreasury(privateKey: `0x${string}`): EvmTreasury {
  const account = privateKeyToAccount(privateKey)
  const clients = new Map<string, { wallet: WalletClient; public: PublicClient }>()
  const clientsOf = (network: EvmNetwork) => {
    let entry = clients.get(network.name)
    if (!entry) {
      const chain = defineChain({
        id: network.chainId,
        name: network.displayName,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [network.rpcUrl] } },
      })
      // No retries: a resent raw transaction is refused as already known.
      const transport = http(network.rpcUrl, { retryCount: 0 })
      entry = {
        wallet: createWalletClient({ account, chain, transport }),
        // Devnet blocks are mined on demand: poll the receipt often rather than every 4 s.
        public: createPublicClient({ chain, transport, pollingInterval: 200 }),
      }
      clients.set(network.name, entry)
    }
    return entry
  }

  return {
    address: account.address,
    async deliveryCost(network, offer) {
      const gasPrice = await clientsOf(network).public.getGasPrice()
      return gasPrice * (offer.address ? deliveryGas.token : deliveryGas.native)
    },
    async send({ network, offer, to, units, onSent }) {
      const { wallet, public: client } = clientsOf(network)
      let hash: Hash
      try {
        hash = offer.address
          ? await wallet.writeContract({
              account,
              chain: wallet.chain,
              address: offer.address as `0x${string}`,
              abi: erc20Abi,
              functionName: 'transfer',
              args: [to, units],
            })
          : await wallet.sendTransaction({ account, chain: wallet.chain, to, value: units })
      } catch (error) {
        throw new DeliveryError(
          `The treasury ${account.address} could not send ${offer.symbol} on ${network.displayName}.`,
          { cause: error },
        )
      }
      onSent(hash)
      const receipt = await client
        .waitForTransactionReceipt({ hash, timeout: receiptTimeoutMs })
        .catch((error: unknown) => {
          throw new DeliveryError(`No receipt for ${hash} on ${network.displayName}.`, {
            cause: error,
          })
        })
      if (receipt.status !== 'success') {
        throw new DeliveryError(`The transaction ${hash} reverted on ${network.displayName}.`)
      }
      return hash
    },
  }
}
