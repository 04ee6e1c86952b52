import type { CaipNetwork } from '@foyer/core'
import { base64 } from '@scure/base'
import { createBitcoinConnector } from './createBitcoinConnector.ts'
import { WalletRequestError } from './errors.ts'
import { METHOD_NOT_FOUND, toWalletError } from './internal/toWalletError.ts'
import type { BitcoinWalletClient } from './internal/walletClient.ts'
import type {
  BitcoinAddressPurpose,
  BitcoinConnector,
  BitcoinWalletAccount,
  SatsConnectProvider,
  SatsConnectProviderInfo,
  SatsConnectResponse,
  SatsConnectWallet,
} from './types.ts'

export type CreateSatsConnectConnectorParameters = {
  wallet: SatsConnectWallet
  /** The adapter's Bitcoin networks; the first one is where it starts. */
  networks: readonly CaipNetwork[]
}

const PURPOSES: readonly BitcoinAddressPurpose[] = ['payment', 'ordinals']

type SatsConnectAddress = { address: string; publicKey?: string; purpose?: string }

const toAccounts = (addresses: readonly SatsConnectAddress[] | undefined): BitcoinWalletAccount[] =>
  (addresses ?? [])
    .filter((entry) => PURPOSES.includes(entry.purpose as BitcoinAddressPurpose))
    .map((entry) => ({
      address: entry.address,
      purpose: entry.purpose as BitcoinAddressPurpose,
      publicKey: entry.publicKey || undefined,
    }))

/** The provider a `btc_providers` id points to: a dot-separated path on `window`. */
export function getSatsConnectProvider(
  target: object,
  id: string,
): SatsConnectProvider | undefined {
  const found = id
    .split('.')
    .reduce<unknown>(
      (object, key) => (object as Record<string, unknown> | undefined)?.[key],
      target,
    )
  return typeof (found as SatsConnectProvider | undefined)?.request === 'function'
    ? (found as SatsConnectProvider)
    : undefined
}

/** The sats-connect wallets a page announces in `window.btc_providers` whose provider is there. */
export function getSatsConnectWallets(target: object): SatsConnectWallet[] {
  const listed = (target as { btc_providers?: unknown }).btc_providers
  if (!Array.isArray(listed)) return []
  const wallets: SatsConnectWallet[] = []
  for (const info of listed as SatsConnectProviderInfo[]) {
    if (typeof info?.id !== 'string' || typeof info.name !== 'string') continue
    const provider = getSatsConnectProvider(target, info.id)
    if (provider) wallets.push({ ...info, provider })
  }
  return wallets
}

/**
 * A Foyer connector over a sats-connect wallet (Xverse and the wallets that follow its provider
 * API): JSON-RPC `request(method, params)` answering `{ result }` or `{ error }`. Connects with
 * `wallet_connect` (or `getAccounts` on wallets without it) for the payment and ordinals
 * addresses, reads them silently with `wallet_getAccount`, signs with `signMessage` (BIP-322) and
 * `signPsbt`.
 */
export function createSatsConnectConnector(
  parameters: CreateSatsConnectConnectorParameters,
): BitcoinConnector {
  const { wallet, networks } = parameters
  const { provider } = wallet

  async function rpc(method: string, params: unknown): Promise<unknown> {
    let response: SatsConnectResponse
    try {
      response = await provider.request(method, params)
    } catch (error) {
      // Some wallets reject with the JSON-RPC error response instead of resolving with it.
      const inner = (error as { error?: unknown } | undefined)?.error
      throw toWalletError(inner && typeof inner === 'object' ? inner : error)
    }
    if (response && 'error' in response && response.error) throw toWalletError(response.error)
    if (response && 'result' in response) return response.result
    throw new WalletRequestError('The wallet answered without a result.', { code: -32603 })
  }

  const client: BitcoinWalletClient = {
    protocol: 'sats-connect',

    async connect() {
      try {
        const result = (await rpc('wallet_connect', { addresses: PURPOSES })) as {
          addresses?: SatsConnectAddress[]
        }
        return toAccounts(result.addresses)
      } catch (error) {
        if ((error as { code?: unknown }).code !== METHOD_NOT_FOUND) throw error
        // Wallets that predate `wallet_connect` still answer `getAccounts`.
        return toAccounts(
          (await rpc('getAccounts', { purposes: PURPOSES })) as SatsConnectAddress[],
        )
      }
    },

    async getAccounts() {
      // Answers without a prompt, and only for a site the wallet already authorised.
      const result = (await rpc('wallet_getAccount', null).catch(() => undefined)) as
        | { addresses?: SatsConnectAddress[] }
        | undefined
      return toAccounts(result?.addresses)
    },

    async disconnect() {
      // Not every sats-connect wallet can revoke a site; forgetting it here is what counts.
      await rpc('wallet_disconnect', null).catch(() => undefined)
    },

    async signMessage({ account, message }) {
      const result = (await rpc('signMessage', {
        address: account.address,
        message,
        // Without it, sats-connect wallets sign P2WPKH and P2SH addresses with ECDSA (legacy).
        protocol: 'BIP322',
      })) as { signature: string }
      return result.signature
    },

    async signPsbt({ psbt, signInputs, broadcast }) {
      const result = (await rpc('signPsbt', {
        psbt: base64.encode(psbt),
        signInputs,
        broadcast,
      })) as { psbt: string; txid?: string }
      return { psbt: base64.decode(result.psbt), txid: result.txid || undefined }
    },

    subscribe({ onAccounts, onDisconnect }) {
      if (typeof provider.addListener !== 'function') return () => {}
      const unsubscribes = [
        provider.addListener({
          eventName: 'accountChange',
          cb: (event) => {
            if (Array.isArray(event?.addresses))
              onAccounts(toAccounts(event.addresses as SatsConnectAddress[]))
            else void client.getAccounts().then(onAccounts)
          },
        }),
        provider.addListener({ eventName: 'disconnect', cb: () => onDisconnect() }),
      ]
      return () => {
        for (const unsubscribe of unsubscribes) unsubscribe?.()
      }
    },

    request: rpc,
  }

  return createBitcoinConnector({ name: wallet.name, icon: wallet.icon, client, networks })
}
