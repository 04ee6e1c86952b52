import {
  disconnect,
  type Foyer,
  type FoyerState,
  open,
  SwitchNetworkRejectedError,
  switchNetwork,
} from '@foyer/core'
import { ChainNotConfiguredError, createConnector } from '@wagmi/core'
import { type Address, type Chain, ProviderDisconnectedError, UserRejectedRequestError } from 'viem'
import {
  getFoyerEvmChainId,
  getFoyerEvmConnection,
  toAddresses,
} from './internal/foyerEvmConnection.ts'

export type FoyerParameters = {
  /** The Foyer instance whose dialog connects (`createFoyer`). */
  foyer: Foyer
}

type ProviderEventMap = {
  accountsChanged: (accounts: Address[]) => void
  chainChanged: (chainId: string) => void
  disconnect: (error: ProviderDisconnectedError) => void
}

/** The EIP-1193 provider of the connection Foyer made (its active EVM wallet, whichever it is). */
export type FoyerProvider = {
  request(arguments_: { method: string; params?: unknown }): Promise<unknown>
  on<event extends keyof ProviderEventMap>(event: event, listener: ProviderEventMap[event]): void
  removeListener<event extends keyof ProviderEventMap>(
    event: event,
    listener: ProviderEventMap[event],
  ): void
}

export type FoyerReturnType = ReturnType<typeof foyer>

foyer.type = 'foyer' as const

/**
 * A wagmi connector whose `connect` opens Foyer's dialog: what the visitor connects there becomes
 * wagmi's connection (`useAccount`, `useSignMessage`, `useSwitchChain`, … use Foyer's wallet). It
 * resolves once an EVM wallet is connected in the dialog and rejects with viem's
 * `UserRejectedRequestError` when the dialog closes first. Account, chain and disconnect changes
 * made in Foyer reach wagmi; `switchChain` goes through Foyer (its dialog follows).
 *
 * Add `wagmiAdapter()` to Foyer and call `watchWagmi` to also show wagmi's own connections (e.g.
 * `injected()`) in Foyer's dialog and to hand connections made with Foyer's button to wagmi.
 */
export function foyer(parameters: FoyerParameters) {
  const { foyer: instance } = parameters
  const listeners = new Map<keyof ProviderEventMap, Set<(data: never) => void>>()
  const emit = <event extends keyof ProviderEventMap>(
    event: event,
    data: Parameters<ProviderEventMap[event]>[0],
  ) => {
    for (const listener of [...(listeners.get(event) ?? [])])
      (listener as (data: unknown) => void)(data)
  }
  const provider: FoyerProvider = {
    async request(arguments_) {
      const connection = getFoyerEvmConnection(instance.getState())
      const connector = connection && instance.getConnector(connection.connectorId)
      if (!connector) throw new ProviderDisconnectedError(new Error('No EVM wallet is connected.'))
      return connector.request(arguments_ as { method: string; params?: readonly unknown[] })
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener as (data: never) => void)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as (data: never) => void)
    },
  }

  /** Resolves with Foyer's EVM connection once the visitor made one in the dialog. */
  const awaitConnection = () =>
    new Promise<void>((resolve, reject) => {
      const settle = (state: FoyerState) => {
        if (getFoyerEvmConnection(state)) {
          unsubscribe()
          resolve()
        } else if (!state.dialog.open) {
          unsubscribe()
          reject(new UserRejectedRequestError(new Error('The Foyer dialog was closed.')))
        }
      }
      const unsubscribe = instance.subscribe(settle)
      open(instance, { view: 'Connect' })
      settle(instance.getState())
    })

  /** Waits while Foyer's `reconnect` asks remembered wallets (wagmi's own reconnect runs meanwhile). */
  const awaitReconnect = () =>
    new Promise<void>((resolve) => {
      if (instance.getState().status !== 'connecting') return resolve()
      const unsubscribe = instance.subscribe((state) => {
        if (state.status === 'connecting') return
        unsubscribe()
        resolve()
      })
    })

  return createConnector<FoyerProvider>((config) => {
    let unwatch: (() => void) | undefined

    const findChain = (chainId: number): Chain => {
      const chain = config.chains.find((known) => known.id === chainId)
      if (!chain) throw new ChainNotConfiguredError()
      return chain
    }

    return {
      id: 'foyer',
      name: 'Foyer',
      type: foyer.type,

      async setup() {
        // wagmi calls `setup` once; Foyer's state drives wagmi's from then on.
        unwatch?.()
        unwatch = instance.subscribe((state, previous) => {
          const connection = getFoyerEvmConnection(state)
          const before = getFoyerEvmConnection(previous)
          if (!connection) {
            if (before) this.onDisconnect()
            return
          }
          const accounts = toAddresses(connection)
          const chainId = getFoyerEvmChainId(state) ?? config.chains[0].id
          // Connected in Foyer's dialog without wagmi asking (Foyer's own button, or restored by
          // Foyer's `reconnect`): wagmi records it (it ignores this while its own connect runs).
          if (!before) return config.emitter.emit('connect', { accounts, chainId })
          if (accounts.join() !== toAddresses(before).join()) this.onAccountsChanged(accounts)
          if (chainId !== (getFoyerEvmChainId(previous) ?? config.chains[0].id))
            this.onChainChanged(String(chainId))
        })
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        // Reconnecting never prompts: Foyer's own `reconnect` restores its wallets.
        if (isReconnecting) await awaitReconnect()
        if (!getFoyerEvmConnection(instance.getState())) {
          if (isReconnecting) throw new ProviderDisconnectedError(new Error('Not connected.'))
          await awaitConnection()
        }
        let currentChainId = await this.getChainId()
        if (chainId !== undefined && chainId !== currentChainId)
          currentChainId = (await this.switchChain!({ chainId })).id
        const accounts = await this.getAccounts()
        return {
          accounts: (withCapabilities
            ? accounts.map((address) => ({ address, capabilities: {} }))
            : accounts) as never,
          chainId: currentChainId,
        }
      },

      async disconnect() {
        const connection = getFoyerEvmConnection(instance.getState())
        if (connection)
          await disconnect(instance, { namespace: 'eip155', connectorId: connection.connectorId })
      },

      async getAccounts() {
        const connection = getFoyerEvmConnection(instance.getState())
        return connection ? toAddresses(connection) : []
      },

      async getChainId() {
        const chainId = getFoyerEvmChainId(instance.getState())
        return chainId ?? config.chains[0].id
      },

      async getProvider() {
        return provider
      },

      async isAuthorized() {
        return Boolean(getFoyerEvmConnection(instance.getState()))
      },

      async switchChain({ chainId }) {
        const chain = findChain(chainId)
        try {
          await switchNetwork(instance, { network: `eip155:${chainId}` })
        } catch (error) {
          if (error instanceof SwitchNetworkRejectedError) throw new UserRejectedRequestError(error)
          throw error
        }
        return chain
      },

      onAccountsChanged(accounts) {
        if (!accounts.length) return this.onDisconnect()
        emit('accountsChanged', accounts as Address[])
        config.emitter.emit('change', { accounts: accounts as Address[] })
      },

      onChainChanged(chainId) {
        emit('chainChanged', `0x${Number(chainId).toString(16)}`)
        config.emitter.emit('change', { chainId: Number(chainId) })
      },

      onDisconnect() {
        emit('disconnect', new ProviderDisconnectedError(new Error('Disconnected in Foyer.')))
        config.emitter.emit('disconnect')
      },
    }
  })
}
