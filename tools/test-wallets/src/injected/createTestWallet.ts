import {
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  hexToBigInt,
  hexToNumber,
  http,
  isHex,
  type LocalAccount,
  numberToHex,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  internalError,
  invalidParams,
  requestPending,
  unauthorized,
  unrecognizedChain,
  userRejected,
} from './errors.ts'

export type TestWalletChain = {
  chainId: number
  rpcUrl: string
  name: string
  nativeCurrency?: { name: string; symbol: string; decimals: number } | undefined
}

/**
 * How the wallet answers a chain prompt: approve; 'reject' with 4001; 'invalidChainId' with
 * -32603 (the wallet refuses the chain id); 'busy' with -32002 (a prompt already open, an error
 * Foyer has no special case for).
 */
export type TestWalletChainAnswer = 'approve' | 'reject' | 'invalidChainId' | 'busy'

export type TestWalletBehaviour = {
  /**
   * Answer `eth_requestAccounts` by approving, or with 4001; 'pending' leaves the prompt open
   * (never answers), as a visitor who has not decided yet.
   */
  connect: 'approve' | 'reject' | 'pending'
  /** Answer `personal_sign` and `eth_signTypedData_v4` by signing, or with 4001. */
  signing?: 'approve' | 'reject' | undefined
  /** Answer `wallet_switchEthereumChain` (and `wallet_addEthereumChain`, unless `addChain`). */
  switchChain: TestWalletChainAnswer
  /** Answer `wallet_addEthereumChain` differently from `switchChain`. */
  addChain?: TestWalletChainAnswer | undefined
  /** Chain ids the wallet answers 4902 for until `wallet_addEthereumChain` adds them. */
  unknownChains: readonly number[]
  /** Send 4902 wrapped in -32603 (`data.originalError`), as some mobile wallets do. */
  wrapUnrecognizedChain?: boolean | undefined
}

export type CreateTestWalletParameters = {
  /** viem local accounts or private keys; the first is selected. */
  accounts: readonly (LocalAccount | Hex)[]
  /** The first is the wallet's starting chain. */
  chains: readonly [TestWalletChain, ...TestWalletChain[]]
  behaviour?: Partial<TestWalletBehaviour> | undefined
  /**
   * Where the wallet remembers the site's authorisation, selected account and chain, as an
   * extension does across page loads (e.g. `window.localStorage`). Without it, nothing persists.
   */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined
  storageKey?: string | undefined
}

type PersistedTestWallet = { authorized: boolean; chainId: number; selected: string }

type ProviderEvent = 'connect' | 'disconnect' | 'accountsChanged' | 'chainChanged' | 'message'
type Listener = (...args: never[]) => void

export type TestWallet = {
  request(arguments_: { method: string; params?: unknown }): Promise<unknown>
  on(event: ProviderEvent, listener: Listener): TestWallet
  removeListener(event: ProviderEvent, listener: Listener): TestWallet
  /** Changes how the wallet answers prompts, at runtime. */
  setBehaviour(behaviour: Partial<TestWalletBehaviour>): void
  getBehaviour(): TestWalletBehaviour
  /** Every address the wallet holds, selected one first. */
  readonly addresses: readonly Hex[]
  readonly chainId: number
  /** True once the site was authorised (after an approved `eth_requestAccounts`). */
  readonly isAuthorized: boolean
  /** Selects another account, as a visitor would in the extension (emits accountsChanged). */
  selectAccount(address: Hex): void
  /** Switches chain from the wallet side (emits chainChanged); the chain must be known. */
  switchChainFromWallet(chainId: number): void
  /** Revokes the site's authorisation (emits accountsChanged with []). */
  lock(): void
  /** Emits EIP-1193 `disconnect` and forgets the authorisation. */
  disconnect(): void
}

const isWalletPrompt = (method: string) =>
  method === 'eth_requestAccounts' ||
  method === 'wallet_requestPermissions' ||
  method === 'wallet_switchEthereumChain' ||
  method === 'wallet_addEthereumChain'

/**
 * An EIP-1193 wallet backed by viem local accounts, for tests and the demo. Reads go to the current
 * chain's RPC; signing happens locally; transactions are signed locally and sent with
 * `eth_sendRawTransaction`. Prompts are answered by `behaviour` instead of a person.
 */
export function createTestWallet(parameters: CreateTestWalletParameters): TestWallet {
  const accounts = parameters.accounts.map((account) =>
    typeof account === 'string' ? privateKeyToAccount(account) : account,
  )
  if (!accounts.length) throw new Error('createTestWallet needs at least one account.')
  const chains = new Map<number, TestWalletChain>(
    parameters.chains.map((chain) => [chain.chainId, chain]),
  )
  let behaviour: TestWalletBehaviour = {
    connect: 'approve',
    switchChain: 'approve',
    unknownChains: [],
    ...parameters.behaviour,
  }
  const { storage, storageKey = 'foyer-test-wallet' } = parameters
  const persisted = readPersisted(storage, storageKey)
  let chainId =
    persisted && chains.has(persisted.chainId) ? persisted.chainId : parameters.chains[0].chainId
  let selected =
    accounts.find(
      (account) => account.address.toLowerCase() === persisted?.selected.toLowerCase(),
    ) ?? accounts[0]!
  let authorized = persisted?.authorized ?? false
  const persist = () =>
    storage?.setItem(
      storageKey,
      JSON.stringify({
        authorized,
        chainId,
        selected: selected.address,
      } satisfies PersistedTestWallet),
    )
  const listeners = new Map<ProviderEvent, Set<Listener>>()
  const clients = new Map<number, PublicClient>()

  const emit = (event: ProviderEvent, ...args: unknown[]) => {
    persist()
    for (const listener of [...(listeners.get(event) ?? [])])
      (listener as (...values: unknown[]) => void)(...args)
  }
  const orderedAddresses = () => [
    selected.address,
    ...accounts.filter((account) => account !== selected).map((account) => account.address),
  ]
  const viemChain = (id: number): Chain => {
    const chain = chains.get(id)!
    return defineChain({
      id,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    })
  }
  const publicClient = (id: number) => {
    let client = clients.get(id)
    if (!client) {
      client = createPublicClient({ chain: viemChain(id), transport: http(chains.get(id)!.rpcUrl) })
      clients.set(id, client)
    }
    return client
  }
  const isKnown = (id: number) => chains.has(id) && !behaviour.unknownChains.includes(id)
  const accountFor = (address: unknown) => {
    const account = accounts.find(
      (candidate) => candidate.address.toLowerCase() === String(address).toLowerCase(),
    )
    if (!account || !authorized) throw unauthorized()
    return account
  }
  const answerChainPrompt = (method: string, answer: TestWalletChainAnswer, chainId: number) => {
    if (answer === 'reject') throw userRejected()
    if (answer === 'invalidChainId')
      throw internalError(`Invalid chain id "0x${chainId.toString(16)}".`)
    if (answer === 'busy') throw requestPending(method)
  }
  const setChain = (id: number) => {
    if (id === chainId) return
    chainId = id
    emit('chainChanged', numberToHex(id))
  }

  async function request(arguments_: { method: string; params?: unknown }) {
    try {
      return await answer(arguments_)
    } finally {
      persist()
    }
  }

  async function answer({ method, params }: { method: string; params?: unknown }) {
    const list = (Array.isArray(params) ? params : []) as unknown[]
    if (isWalletPrompt(method)) await Promise.resolve() // a prompt never answers synchronously
    switch (method) {
      case 'eth_requestAccounts':
      case 'wallet_requestPermissions': {
        if (behaviour.connect === 'reject') throw userRejected()
        if (behaviour.connect === 'pending') return new Promise<never>(() => {})
        const wasAuthorized = authorized
        authorized = true
        if (!wasAuthorized) emit('connect', { chainId: numberToHex(chainId) })
        return method === 'eth_requestAccounts'
          ? orderedAddresses()
          : [{ parentCapability: 'eth_accounts', caveats: [] }]
      }
      case 'eth_accounts':
        return authorized ? orderedAddresses() : []
      case 'eth_chainId':
        return numberToHex(chainId)
      case 'net_version':
        return String(chainId)
      case 'wallet_getPermissions':
        return authorized ? [{ parentCapability: 'eth_accounts', caveats: [] }] : []
      case 'wallet_revokePermissions':
        authorized = false
        emit('accountsChanged', [])
        return null
      case 'wallet_switchEthereumChain': {
        const target = hexToNumber((list[0] as { chainId: Hex } | undefined)?.chainId ?? '0x0')
        if (!isKnown(target)) {
          const unrecognized = unrecognizedChain(target)
          if (!behaviour.wrapUnrecognizedChain) throw unrecognized
          throw internalError(unrecognized.shortMessage, {
            originalError: { code: unrecognized.code, message: unrecognized.shortMessage },
          })
        }
        answerChainPrompt(method, behaviour.switchChain, target)
        setChain(target)
        return null
      }
      case 'wallet_addEthereumChain': {
        const chain = list[0] as
          | {
              chainId: Hex
              chainName?: string
              rpcUrls?: string[]
              nativeCurrency?: TestWalletChain['nativeCurrency']
            }
          | undefined
        if (!chain?.chainId || !isHex(chain.chainId)) throw invalidParams('chainId is required.')
        const id = hexToNumber(chain.chainId)
        answerChainPrompt(method, behaviour.addChain ?? behaviour.switchChain, id)
        const rpcUrl = chains.get(id)?.rpcUrl ?? chain.rpcUrls?.[0]
        if (!rpcUrl) throw invalidParams('rpcUrls is required for an unknown chain.')
        chains.set(id, {
          chainId: id,
          rpcUrl,
          name: chain.chainName ?? chains.get(id)?.name ?? `Chain ${id}`,
          nativeCurrency: chain.nativeCurrency ?? chains.get(id)?.nativeCurrency,
        })
        behaviour = {
          ...behaviour,
          unknownChains: behaviour.unknownChains.filter((unknown) => unknown !== id),
        }
        return null
      }
      case 'personal_sign': {
        if (behaviour.signing === 'reject') throw userRejected()
        const [message, address] = list as [Hex | string, Hex]
        const account = accountFor(address)
        return account.signMessage({
          message: isHex(message) ? { raw: message } : String(message),
        })
      }
      case 'eth_signTypedData_v4': {
        if (behaviour.signing === 'reject') throw userRejected()
        const [address, typedData] = list as [Hex, string | object]
        const account = accountFor(address)
        const parsed = typeof typedData === 'string' ? JSON.parse(typedData) : typedData
        return account.signTypedData(parsed)
      }
      case 'eth_sendTransaction': {
        const transaction = list[0] as {
          from: Hex
          to?: Hex
          value?: Hex
          data?: Hex
          gas?: Hex
          nonce?: Hex
        }
        const account = accountFor(transaction?.from)
        const client = createWalletClient({
          account,
          chain: viemChain(chainId),
          transport: http(chains.get(chainId)!.rpcUrl),
        })
        // viem signs with the local account and sends it with eth_sendRawTransaction.
        return client.sendTransaction({
          to: transaction.to,
          value: transaction.value ? hexToBigInt(transaction.value) : undefined,
          data: transaction.data,
          gas: transaction.gas ? hexToBigInt(transaction.gas) : undefined,
          nonce: transaction.nonce ? hexToNumber(transaction.nonce) : undefined,
        })
      }
      default:
        return publicClient(chainId).request({ method, params } as never)
    }
  }

  const wallet: TestWallet = {
    request,
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return wallet
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return wallet
    },
    setBehaviour(next) {
      behaviour = { ...behaviour, ...next }
    },
    getBehaviour: () => behaviour,
    get addresses() {
      return orderedAddresses()
    },
    get chainId() {
      return chainId
    },
    get isAuthorized() {
      return authorized
    },
    selectAccount(address) {
      const account = accounts.find(
        (candidate) => candidate.address.toLowerCase() === address.toLowerCase(),
      )
      if (!account) throw new Error(`Unknown test wallet account ${address}`)
      selected = account
      if (authorized) emit('accountsChanged', orderedAddresses())
    },
    switchChainFromWallet(id) {
      if (!chains.has(id)) throw new Error(`Unknown test wallet chain ${id}`)
      setChain(id)
    },
    lock() {
      authorized = false
      emit('accountsChanged', [])
    },
    disconnect() {
      authorized = false
      emit('disconnect', { code: 4900, message: 'Disconnected' })
    },
  }
  return wallet
}

function readPersisted(
  storage: Pick<Storage, 'getItem'> | undefined,
  key: string,
): PersistedTestWallet | undefined {
  try {
    const raw = storage?.getItem(key)
    return raw ? (JSON.parse(raw) as PersistedTestWallet) : undefined
  } catch {
    return undefined
  }
}
