import type { CaipNetwork } from '@foyer/core'
import { base64, hex } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import {
  StandardConnect,
  type StandardConnectFeature,
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsFeature,
} from '@wallet-standard/features'
import { createBitcoinConnector } from './createBitcoinConnector.ts'
import { AccountNotConnectedError, WalletFeatureNotSupportedError } from './errors.ts'
import { toWalletError } from './internal/toWalletError.ts'
import type { BitcoinWalletClient } from './internal/walletClient.ts'
import { toWalletStandardChain } from './networks.ts'
import type { BitcoinAddressPurpose, BitcoinConnector, BitcoinWalletAccount } from './types.ts'
import {
  BitcoinConnect,
  type BitcoinConnectFeature,
  BitcoinSignMessage,
  type BitcoinSignMessageFeature,
  BitcoinSignTransaction,
  type BitcoinSignTransactionFeature,
} from './walletStandardFeatures.ts'

export type CreateWalletStandardConnectorParameters = {
  wallet: Wallet
  /** The adapter's Bitcoin networks; the first one is where it starts. */
  networks: readonly CaipNetwork[]
}

const PURPOSES: BitcoinAddressPurpose[] = ['payment', 'ordinals']

/** Whether Foyer can connect to this wallet-standard wallet on Bitcoin. */
export function isBitcoinWallet(wallet: Wallet): boolean {
  return BitcoinConnect in wallet.features
}

/**
 * The purpose of an account the wallet lists without saying: its own `purpose` field where it
 * has one, else Taproot for ordinals and anything else for payments (the convention of Xverse,
 * Leather and the wallet standard's example wallets).
 */
function guessPurpose(account: WalletAccount): BitcoinAddressPurpose {
  const stated = (account as { purpose?: unknown }).purpose
  if (stated === 'payment' || stated === 'ordinals') return stated
  // Witness v1 (`p`) after the bech32 separator: Taproot on mainnet, testnet and regtest.
  return /^(bc|tb|bcrt)1p/i.test(account.address) ? 'ordinals' : 'payment'
}

const toAccount = (
  account: WalletAccount,
  purpose: BitcoinAddressPurpose,
): BitcoinWalletAccount => ({
  address: account.address,
  purpose,
  publicKey: account.publicKey.length ? hex.encode(new Uint8Array(account.publicKey)) : undefined,
})

/**
 * A Foyer connector over a Bitcoin wallet-standard wallet: `bitcoin:connect` for the payment and
 * ordinals accounts, `bitcoin:signMessage`, and `bitcoin:signTransaction` for PSBTs; it follows
 * `standard:events` and disconnects with `standard:disconnect` where the wallet has them.
 */
export function createWalletStandardConnector(
  parameters: CreateWalletStandardConnectorParameters,
): BitcoinConnector {
  const { wallet, networks } = parameters
  let authorised: readonly WalletAccount[] = []

  const feature = <feature>(name: string): feature => {
    const found = wallet.features[name as `${string}:${string}`]
    if (!found) throw new WalletFeatureNotSupportedError({ feature: name })
    return found as feature
  }
  const walletAccount = (address: string) => {
    const account = [...authorised, ...wallet.accounts].find(
      (candidate) => candidate.address === address,
    )
    if (!account) throw new AccountNotConnectedError({ address })
    return account
  }
  const call = async <result>(run: () => Promise<result>) => {
    try {
      return await run()
    } catch (error) {
      throw toWalletError(error)
    }
  }
  const readAccounts = (accounts: readonly WalletAccount[]) => {
    authorised = accounts
    return accounts.map((account) => toAccount(account, guessPurpose(account)))
  }

  const client: BitcoinWalletClient = {
    protocol: 'wallet-standard',

    async connect() {
      const { connect } = feature<BitcoinConnectFeature[typeof BitcoinConnect]>(BitcoinConnect)
      const { accounts } = await call(() => connect({ purposes: PURPOSES }))
      authorised = accounts
      // The standard returns one account per purpose, in the order asked for.
      if (accounts.length === PURPOSES.length)
        return accounts.map((account, index) => toAccount(account, PURPOSES[index]!))
      return readAccounts(accounts)
    },

    async getAccounts() {
      if (wallet.accounts.length) return readAccounts(wallet.accounts)
      if (!(StandardConnect in wallet.features)) return []
      // A wallet that authorised the site before answers a silent connect without prompting.
      const { connect } = feature<StandardConnectFeature[typeof StandardConnect]>(StandardConnect)
      const { accounts } = await connect({ silent: true })
      return readAccounts(accounts)
    },

    async disconnect() {
      authorised = []
      if (StandardDisconnect in wallet.features)
        await feature<StandardDisconnectFeature[typeof StandardDisconnect]>(
          StandardDisconnect,
        ).disconnect()
    },

    async signMessage({ account, message }) {
      const { signMessage } =
        feature<BitcoinSignMessageFeature[typeof BitcoinSignMessage]>(BitcoinSignMessage)
      const [output] = await call(() =>
        signMessage({
          account: walletAccount(account.address),
          message: new TextEncoder().encode(message),
        }),
      )
      if (!output) throw new WalletFeatureNotSupportedError({ feature: BitcoinSignMessage })
      return base64.encode(output.signature)
    },

    async signPsbt({ psbt, signInputs, network }) {
      const { signTransaction } =
        feature<BitcoinSignTransactionFeature[typeof BitcoinSignTransaction]>(
          BitcoinSignTransaction,
        )
      const inputsToSign = Object.entries(signInputs).map(([address, indexes]) => ({
        account: walletAccount(address),
        signingIndexes: [...indexes],
      }))
      const [output] = await call(() =>
        signTransaction({ psbt, inputsToSign, chain: toWalletStandardChain(network) }),
      )
      if (!output) throw new WalletFeatureNotSupportedError({ feature: BitcoinSignTransaction })
      // The standard has no broadcast: the connector broadcasts the signed transaction itself.
      return { psbt: output.signedPsbt }
    },

    subscribe({ onAccounts, onDisconnect }) {
      if (!(StandardEvents in wallet.features)) return () => {}
      const { on } = feature<StandardEventsFeature[typeof StandardEvents]>(StandardEvents)
      return on('change', ({ accounts }) => {
        if (!accounts) return
        if (accounts.length) onAccounts(readAccounts(accounts))
        else {
          authorised = []
          onDisconnect()
        }
      })
    },
  }

  return createBitcoinConnector({ name: wallet.name, icon: wallet.icon, client, networks })
}
