import {
  type CaipNetwork,
  type ConnectorAccount,
  type ConnectorEventMap,
  createEmitter,
  UnsupportedChainError,
} from '@foyer/core'
import type { ApiPool } from './actions/createApiPool.ts'
import { sendBalanceTransfer } from './actions/sendBalanceTransfer.ts'
import { signRawMessage } from './actions/signRawMessage.ts'
import { toPolkadotAddress } from './actions/toPolkadotAddress.ts'
import { toWalletError } from './actions/toWalletError.ts'
import type { EnabledExtensions } from './enabledExtensions.ts'
import {
  AccountNotConnectedError,
  ExtensionNotSupportedError,
  MethodNotSupportedError,
  TokenNotSupportedError,
} from './errors.ts'
import type { ExtensionDescription } from './extensions.ts'
import { loadUtil, loadUtilCrypto } from './lazy.ts'
import { getSs58Prefix } from './networks.ts'
import type {
  Injected,
  InjectedAccount,
  InjectedExtension,
  PolkadotConnector,
  SignerPayloadJSON,
} from './types.ts'

export type CreateInjectedConnectorParameters = {
  /** The extension's key in `window.injectedWeb3`. */
  key: string
  extension: InjectedExtension
  description: ExtensionDescription
  /** Passed to `enable`: extensions show it in their authorisation popup. */
  appName: string
  /** The adapter's Polkadot networks; the first is where the connector starts. */
  networks: readonly CaipNetwork[]
  enabled: EnabledExtensions
  apis: ApiPool
}

/** Key types a Polkadot-SDK chain signs with; extensions may also hold Ethereum-type accounts. */
const substrateKeyTypes = new Set(['sr25519', 'ed25519', 'ecdsa'])

/** A stable connector id from the extension's key: `polkadot.talisman`, `polkadot.subwallet-js`. */
export const toConnectorId = (key: string) => `polkadot.${key}`

/**
 * A Foyer connector over one polkadot-js style extension. The network is the app's choice (an
 * extension signs for whichever chain the payload names), so `switchNetwork` never prompts: it
 * changes where balances are read, where transfers go and the SS58 format of the addresses.
 */
export function createInjectedConnector(
  parameters: CreateInjectedConnectorParameters,
): PolkadotConnector {
  const { key, extension, description, appName, networks, enabled, apis } = parameters
  const emitter = createEmitter<ConnectorEventMap>()
  let network: CaipNetwork | undefined = networks[0]
  let injected: Injected | undefined
  let extensionAccounts: readonly InjectedAccount[] = []
  let shown = ''
  let stopListening: (() => void) | undefined

  const activeNetwork = () => {
    if (!network) throw new UnsupportedChainError({ details: 'No Polkadot network is configured.' })
    return network
  }

  /** The extension's accounts a chain can use, in the network's SS58 format. */
  const usableAccounts = async (
    accounts: readonly InjectedAccount[],
    target = activeNetwork(),
  ): Promise<ConnectorAccount[]> => {
    const { decodeAddress, encodeAddress } = await loadUtilCrypto()
    const ss58Prefix = getSs58Prefix(target)
    const reference = String(target.id).toLowerCase()
    const result: ConnectorAccount[] = []
    for (const account of accounts) {
      if (account.type !== undefined && !substrateKeyTypes.has(account.type)) continue
      const pinned = account.genesisHash?.replace(/^0x/i, '').toLowerCase()
      if (pinned && pinned.slice(0, 32) !== reference) continue
      try {
        const address = encodeAddress(decodeAddress(account.address), ss58Prefix)
        if (!result.some((entry) => entry.address === address))
          result.push({ address, type: 'eoa' })
      } catch {
        // An address the extension got wrong is not listed rather than failing the connection.
      }
    }
    return result
  }
  const remember = (accounts: readonly ConnectorAccount[]) => {
    shown = accounts.map((account) => account.address).join(',')
  }

  const enable = async () => {
    try {
      return await extension.enable(appName)
    } catch (error) {
      throw toWalletError(error)
    }
  }

  function startListening(current: Injected) {
    if (stopListening) return
    stopListening = current.accounts.subscribe(async (accounts) => {
      extensionAccounts = accounts
      const next = await usableAccounts(accounts).catch(() => [])
      const listed = next.map((account) => account.address).join(',')
      if (listed === shown) return
      remember(next)
      if (next.length) emitter.emit('accountsChanged', { accounts: next })
      else {
        // The visitor revoked the site (or hid every account): that is a disconnect.
        stopListening?.()
        stopListening = undefined
        injected = undefined
        enabled.remove(key)
        emitter.emit('disconnect', {})
      }
    })
  }

  const signerFor = (address: string) => {
    if (!injected) throw new AccountNotConnectedError({ address })
    return injected.signer
  }
  const assertConnected = async (address: string) => {
    const [{ decodeAddress }, { u8aToHex }] = await Promise.all([loadUtilCrypto(), loadUtil()])
    let accountId: string
    try {
      accountId = u8aToHex(decodeAddress(address))
    } catch {
      throw new AccountNotConnectedError({ address })
    }
    const held = extensionAccounts.some((account) => {
      try {
        return u8aToHex(decodeAddress(account.address)) === accountId
      } catch {
        return false
      }
    })
    if (!held) throw new AccountNotConnectedError({ address })
  }

  const connector: PolkadotConnector = {
    id: toConnectorId(key),
    name: description.name,
    icon: description.icon,
    type: 'announced',
    namespace: 'polkadot',
    extensionId: key,

    async connect({ network: requested } = {}) {
      if (requested?.chainNamespace === 'polkadot') network = requested
      const current = await enable()
      const accounts = await current.accounts.get().catch((error: unknown) => {
        throw toWalletError(error)
      })
      injected = current
      extensionAccounts = accounts
      const result = await usableAccounts(accounts)
      remember(result)
      // No usable account fails the connection (core): nothing to restore after a reload then.
      if (result.length) {
        enabled.add(key)
        startListening(current)
      }
      return { accounts: result, caipNetworkId: activeNetwork().caipNetworkId }
    },

    async disconnect() {
      // Extensions have no "disconnect": the site stops using them and forgets it enabled them.
      stopListening?.()
      stopListening = undefined
      injected = undefined
      extensionAccounts = []
      shown = ''
      enabled.remove(key)
    },

    async getAccounts() {
      if (!injected) {
        // Only for a site enabled before: for any other, `enable` would open a popup.
        if (!enabled.has(key)) return []
        try {
          injected = await extension.enable(appName)
          extensionAccounts = await injected.accounts.get()
        } catch {
          injected = undefined
          enabled.remove(key)
          return []
        }
      }
      const result = await usableAccounts(extensionAccounts)
      remember(result)
      if (result.length) startListening(injected)
      return result
    },

    async getCaipNetworkId() {
      return activeNetwork().caipNetworkId
    },

    async switchNetwork({ network: next }) {
      if (
        next.chainNamespace !== 'polkadot' ||
        !networks.some((known) => known.caipNetworkId === next.caipNetworkId)
      )
        throw new UnsupportedChainError({
          details: `${next.caipNetworkId} is not a configured Polkadot network.`,
        })
      network = next
      emitter.emit('chainChanged', { caipNetworkId: next.caipNetworkId })
      if (!injected) return
      // Another chain: other SS58 format, and accounts pinned to a chain may (dis)appear.
      const accounts = await usableAccounts(extensionAccounts)
      const listed = accounts.map((account) => account.address).join(',')
      if (accounts.length && listed !== shown) {
        remember(accounts)
        emitter.emit('accountsChanged', { accounts })
      }
    },

    async request({ method, params }) {
      const first = (Array.isArray(params) ? params[0] : params) as
        | Record<string, unknown>
        | undefined
      switch (method) {
        // WalletConnect's polkadot namespace, so apps speak one dialect to every wallet.
        case 'polkadot_signMessage': {
          const address = String(first?.address ?? '')
          await assertConnected(address)
          const message = String(first?.message ?? '')
          return { signature: await connector.signMessage({ address, message }) }
        }
        case 'polkadot_signTransaction': {
          const address = String(first?.address ?? '')
          await assertConnected(address)
          const signer = signerFor(address)
          if (!signer.signPayload) throw new ExtensionNotSupportedError({ feature: 'signPayload' })
          const payload = first?.transactionPayload as SignerPayloadJSON
          try {
            const { id, signature } = await signer.signPayload(payload)
            return { id, signature }
          } catch (error) {
            throw toWalletError(error)
          }
        }
        default:
          if (method.startsWith('polkadot_') || method.includes(':'))
            throw new MethodNotSupportedError({ method })
          // Everything else is a node read (system_chain, state_getStorage, …) for the active network.
          return apis.send(activeNetwork(), method, Array.isArray(params) ? [...params] : [])
      }
    },

    on: (event, listener) => emitter.on(event, listener),
    off: (event, listener) => emitter.off(event, listener),

    async signMessage({ message, address }) {
      await assertConnected(address)
      return signRawMessage({ signer: signerFor(address), address, message })
    },

    async sendTransaction({ from, to, value = 0n }) {
      return connector.sendTransfer({ from, to, amount: value })
    },

    async sendTransfer({ from, to, amount, mint, confirm = true }) {
      if (mint) throw new TokenNotSupportedError({ token: mint })
      // The receiver is checked before the chain is even reached, let alone the extension.
      await toPolkadotAddress({ address: to })
      await assertConnected(from)
      const target = activeNetwork()
      const signer = signerFor(from)
      if (!signer.signPayload) throw new ExtensionNotSupportedError({ feature: 'signPayload' })
      const api = await apis.get(target)
      return sendBalanceTransfer({ api, signer, from, to, amount, confirm })
    },
  }
  return connector
}
