import {
  type Address,
  address,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  lamports,
  type ReadonlyUint8Array,
  type Signature,
  type Transaction,
} from '@solana/kit'
import { getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { LiteSVM } from 'litesvm'
import { JsonRpcError } from '../errors.ts'
import { transactionErrorJson } from './transactionErrorJson.ts'

export type CreateSvmRpcParameters = {
  /** Created with `withBlockhashCheck(false)`: this RPC checks blockhash age itself. */
  svm: LiteSVM
}

/** A notification for one subscription, to be pushed to the WebSocket that opened it. */
export type SvmNotification = { method: string; subscription: number; result: unknown }

export type SvmRpc = {
  /** Answers one JSON-RPC request; throws `JsonRpcError` with a validator's error code. */
  request: (method: string, params: unknown[]) => unknown
  /** Starts a `*Subscribe` request; returns its subscription id. */
  subscribe: (method: string, params: unknown[], notify: (n: SvmNotification) => void) => number
  unsubscribe: (subscription: number) => boolean
  /** Runs a transaction built in process (world seeding) exactly as if it came over RPC. */
  sendTransaction: (transaction: Transaction) => Signature
  slot: () => bigint
}

type SignatureRecord = {
  slot: bigint
  err: unknown
  transaction: Transaction | undefined
  fee: bigint
  logs: string[]
  computeUnitsConsumed: bigint
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: unknown[]
  postTokenBalances: unknown[]
  blockTime: number
}

type Subscription = {
  kind: 'signature' | 'slot' | 'account'
  key: string
  encoding: string
  notify: (n: SvmNotification) => void
}

const lamportsPerSignature = 5_000n
const blockhashValidity = 150n
const base58Encoder = getBase58Encoder()
const base58Decoder = getBase58Decoder()
const base64Encoder = getBase64Encoder()
const base64Decoder = getBase64Decoder()
const toBase58 = (bytes: ReadonlyUint8Array) => base58Decoder.decode(bytes)
const toBase64 = (bytes: ReadonlyUint8Array) => base64Decoder.decode(bytes)
const fromBase58 = (text: string) => base58Encoder.encode(text)
const fromBase64 = (text: string) => base64Encoder.encode(text)
const transactionDecoder = getTransactionDecoder()
const messageDecoder = getCompiledTransactionMessageDecoder()
const tokenDecoder = getTokenDecoder()
const mintDecoder = getMintDecoder()

const invalidParams = (message: string) => new JsonRpcError({ code: -32602, message })

/**
 * The Solana JSON-RPC methods a wallet and @solana/kit use, answered from one LiteSVM. Every
 * transaction lands in its own slot at once, so everything is immediately "finalized".
 */
export function createSvmRpc({ svm }: CreateSvmRpcParameters): SvmRpc {
  const genesisHash = svm.latestBlockhash()
  // LiteSVM accepts only its latest blockhash. A validator accepts the last 150, and a new one
  // per slot keeps two identical transfers from having the same signature, so track them here.
  const recentBlockhashes: string[] = [genesisHash]
  let slot = svm.getClock().slot
  let transactionCount = 0n
  const signatures = new Map<string, SignatureRecord>()
  const signaturesByAddress = new Map<string, string[]>()
  const subscriptions = new Map<number, Subscription>()
  let nextSubscription = 1

  const context = () => ({ slot: Number(slot) })
  const withContext = (value: unknown) => ({
    context: { ...context(), apiVersion: '2.3.0' },
    value,
  })

  function accountJson(target: Address, encoding: string) {
    const account = svm.getAccount(target)
    if (!account.exists) return null
    const common = {
      lamports: account.lamports,
      owner: account.programAddress,
      executable: account.executable,
      rentEpoch: 18_446_744_073_709_551_615n,
      space: account.data.length,
    }
    if (encoding === 'jsonParsed') {
      const parsed = parseTokenAccount(account.programAddress, account.data)
      if (parsed) return { ...common, data: parsed }
    }
    if (encoding === 'base58') return { ...common, data: [toBase58(account.data), 'base58'] }
    return { ...common, data: [toBase64(account.data), 'base64'] }
  }

  function parseTokenAccount(owner: Address, data: Uint8Array) {
    if (owner !== TOKEN_PROGRAM_ADDRESS) return undefined
    if (data.length === 165) {
      const token = tokenDecoder.decode(data)
      const decimals = mintDecimals(token.mint)
      return {
        program: 'spl-token',
        parsed: {
          type: 'account',
          info: {
            isNative: token.isNative.__option === 'Some',
            mint: token.mint,
            owner: token.owner,
            state: ['uninitialized', 'initialized', 'frozen'][token.state] ?? 'initialized',
            tokenAmount: uiTokenAmount(token.amount, decimals),
          },
        },
        space: 165,
      }
    }
    if (data.length === 82) {
      const mint = mintDecoder.decode(data)
      return {
        program: 'spl-token',
        parsed: {
          type: 'mint',
          info: {
            decimals: mint.decimals,
            freezeAuthority:
              mint.freezeAuthority.__option === 'Some' ? mint.freezeAuthority.value : null,
            isInitialized: mint.isInitialized,
            mintAuthority: mint.mintAuthority.__option === 'Some' ? mint.mintAuthority.value : null,
            supply: String(mint.supply),
          },
        },
        space: 82,
      }
    }
    return undefined
  }

  function mintDecimals(mint: Address): number {
    const account = svm.getAccount(mint)
    return account.exists && account.data.length === 82
      ? mintDecoder.decode(account.data).decimals
      : 0
  }

  function tokenBalances(keys: readonly Address[]) {
    return keys.flatMap((key, accountIndex) => {
      const account = svm.getAccount(key)
      if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ADDRESS) return []
      if (account.data.length !== 165) return []
      const token = tokenDecoder.decode(account.data)
      return [
        {
          accountIndex,
          mint: token.mint,
          owner: token.owner,
          programId: TOKEN_PROGRAM_ADDRESS,
          uiTokenAmount: uiTokenAmount(token.amount, mintDecimals(token.mint)),
        },
      ]
    })
  }

  function notify(kind: Subscription['kind'], key: string, result: (s: Subscription) => unknown) {
    for (const [id, subscription] of subscriptions) {
      if (subscription.kind !== kind || subscription.key !== key) continue
      const method = `${kind}Notification`
      subscription.notify({ method, subscription: id, result: result(subscription) })
      // A signature subscription ends with its one notification, as on a validator.
      if (kind === 'signature') subscriptions.delete(id)
    }
  }

  function advanceSlot() {
    slot += 1n
    svm.warpToSlot(slot)
    svm.expireBlockhash()
    recentBlockhashes.push(svm.latestBlockhash())
    if (recentBlockhashes.length > Number(blockhashValidity)) recentBlockhashes.shift()
    const result = { parent: Number(slot - 1n), root: Number(slot), slot: Number(slot) }
    notify('slot', '', () => result)
  }

  function staticAccounts(transaction: Transaction): Address[] {
    return [...messageDecoder.decode(transaction.messageBytes).staticAccounts]
  }

  function record(signature: string, entry: SignatureRecord, keys: readonly Address[]) {
    signatures.set(signature, entry)
    for (const key of keys) {
      const list = signaturesByAddress.get(key) ?? []
      list.unshift(signature)
      signaturesByAddress.set(key, list)
    }
    transactionCount += 1n
    notify('signature', signature, () => withContext({ err: entry.err }))
    for (const key of keys) {
      notify('account', key, (subscription) => withContext(accountJson(key, subscription.encoding)))
    }
  }

  function execute(
    transaction: Transaction,
    { skipPreflight }: { skipPreflight: boolean },
  ): Signature {
    const keys = staticAccounts(transaction)
    const firstSignature = Object.values(transaction.signatures)[0]
    if (!firstSignature) throw invalidParams('transaction has no signatures')
    const signature = toBase58(firstSignature) as Signature
    const { lifetimeToken } = messageDecoder.decode(transaction.messageBytes)
    const rejection = signatures.has(signature)
      ? 'AlreadyProcessed'
      : recentBlockhashes.includes(lifetimeToken)
        ? undefined
        : 'BlockhashNotFound'
    if (rejection) {
      throw new JsonRpcError({
        code: -32002,
        message: `Transaction simulation failed: ${rejection === 'AlreadyProcessed' ? 'This transaction has already been processed' : 'Blockhash not found'}`,
        data: { err: rejection, logs: [], accounts: null, unitsConsumed: 0, returnData: null },
      })
    }
    if (!skipPreflight) {
      // What a validator does before forwarding: simulate, and refuse a failing transaction,
      // which then never lands and costs nothing.
      const simulation = svm.simulateTransaction(transaction)
      if ('err' in simulation) {
        const err = transactionErrorJson(simulation.err())
        const meta = simulation.meta()
        throw new JsonRpcError({
          code: -32002,
          message: `Transaction simulation failed: ${describeError(err)}`,
          data: {
            err,
            logs: meta.logs(),
            accounts: null,
            unitsConsumed: meta.computeUnitsConsumed(),
            returnData: null,
          },
        })
      }
    }
    const preBalances = keys.map((key) => svm.getBalance(key) ?? 0n)
    const preTokenBalances = tokenBalances(keys)
    const outcome = svm.sendTransaction(transaction)
    // Without preflight a failing transaction lands as a failure and pays its fee, as on a validator.
    const failed = 'err' in outcome
    const meta = failed ? outcome.meta() : outcome
    const err = failed ? transactionErrorJson(outcome.err()) : null
    advanceSlot()
    const numSignatures = BigInt(Object.keys(transaction.signatures).length)
    record(
      signature,
      {
        slot,
        err,
        transaction,
        fee: numSignatures * lamportsPerSignature,
        logs: meta.logs(),
        computeUnitsConsumed: meta.computeUnitsConsumed(),
        preBalances,
        postBalances: keys.map((key) => svm.getBalance(key) ?? 0n),
        preTokenBalances,
        postTokenBalances: tokenBalances(keys),
        blockTime: Math.floor(Date.now() / 1000),
      },
      keys,
    )
    return signature
  }

  function decodeWireTransaction(encoded: unknown, encoding: unknown): Transaction {
    if (typeof encoded !== 'string') throw invalidParams('expected an encoded transaction')
    const bytes = encoding === 'base64' ? fromBase64(encoded) : fromBase58(encoded)
    try {
      return transactionDecoder.decode(bytes)
    } catch (error) {
      throw invalidParams(`failed to deserialize transaction: ${(error as Error).message}`)
    }
  }

  function transactionJson(record: SignatureRecord, encoding: string) {
    const transaction = record.transaction
    if (!transaction) return null
    const message = messageDecoder.decode(transaction.messageBytes)
    const meta = {
      err: record.err,
      status: record.err === null ? { Ok: null } : { Err: record.err },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      preTokenBalances: record.preTokenBalances,
      postTokenBalances: record.postTokenBalances,
      innerInstructions: [],
      logMessages: record.logs,
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: record.computeUnitsConsumed,
    }
    const version = message.version === 'legacy' ? 'legacy' : message.version
    const wire = new Uint8Array([
      ...shortVec(Object.keys(transaction.signatures).length),
      ...Object.values(transaction.signatures).flatMap((s) => [...(s ?? new Uint8Array(64))]),
      ...transaction.messageBytes,
    ])
    const body =
      encoding === 'base64'
        ? [toBase64(wire), 'base64']
        : {
            signatures: Object.values(transaction.signatures).map((s) =>
              toBase58(s ?? new Uint8Array(64)),
            ),
            message: {
              accountKeys: message.staticAccounts,
              header: {
                numRequiredSignatures: message.header.numSignerAccounts,
                numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
                numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
              },
              instructions: ('instructions' in message ? message.instructions : []).map(
                (instruction) => ({
                  programIdIndex: instruction.programAddressIndex,
                  accounts: instruction.accountIndices ?? [],
                  data: toBase58(instruction.data ?? new Uint8Array()),
                  stackHeight: null,
                }),
              ),
              recentBlockhash: message.lifetimeToken,
            },
          }
    return { slot: record.slot, blockTime: record.blockTime, meta, transaction: body, version }
  }

  function options(params: unknown[], index: number): Record<string, unknown> {
    const value = params[index]
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  }

  function addressParam(value: unknown): Address {
    try {
      return address(String(value))
    } catch {
      throw invalidParams(`Invalid param: ${String(value)} is not an address`)
    }
  }

  function tokenAccountsOf(owner: Address, filter: Record<string, unknown>, encoding: string) {
    const mint = typeof filter.mint === 'string' ? filter.mint : undefined
    if (filter.programId !== undefined && filter.programId !== TOKEN_PROGRAM_ADDRESS) return []
    return svm.getProgramAccounts(TOKEN_PROGRAM_ADDRESS).flatMap((account) => {
      if (account.data.length !== 165) return []
      const token = tokenDecoder.decode(account.data)
      if (token.owner !== owner || (mint && token.mint !== mint)) return []
      return [{ pubkey: account.address, account: accountJson(account.address, encoding) }]
    })
  }

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': '2.3.0', 'feature-set': 0 }),
    getGenesisHash: () => genesisHash,
    getSlot: () => slot,
    getBlockHeight: () => slot,
    getTransactionCount: () => transactionCount,
    getEpochInfo: () => {
      const schedule = svm.getEpochSchedule()
      const clock = svm.getClock()
      const slotsInEpoch = schedule.slotsPerEpoch
      return {
        absoluteSlot: slot,
        blockHeight: slot,
        epoch: clock.epoch,
        slotIndex: slot % slotsInEpoch,
        slotsInEpoch,
        transactionCount,
      }
    },
    getLatestBlockhash: () =>
      withContext({
        blockhash: svm.latestBlockhash(),
        lastValidBlockHeight: slot + blockhashValidity,
      }),
    isBlockhashValid: (params) => withContext(recentBlockhashes.includes(String(params[0]))),
    getMinimumBalanceForRentExemption: (params) =>
      svm.minimumBalanceForRentExemption(BigInt(Number(params[0] ?? 0))),
    getFeeForMessage: (params) => {
      if (typeof params[0] !== 'string') throw invalidParams('expected a base64 message')
      const message = messageDecoder.decode(fromBase64(params[0]))
      return withContext(BigInt(message.header.numSignerAccounts) * lamportsPerSignature)
    },
    getBalance: (params) => withContext(svm.getBalance(addressParam(params[0])) ?? 0n),
    getAccountInfo: (params) =>
      withContext(
        accountJson(addressParam(params[0]), String(options(params, 1).encoding ?? 'base58')),
      ),
    getMultipleAccounts: (params) => {
      const encoding = String(options(params, 1).encoding ?? 'base64')
      const list = Array.isArray(params[0]) ? params[0] : []
      return withContext(list.map((entry) => accountJson(addressParam(entry), encoding)))
    },
    getTokenAccountsByOwner: (params) =>
      withContext(
        tokenAccountsOf(
          addressParam(params[0]),
          options(params, 1),
          String(options(params, 2).encoding ?? 'base64'),
        ),
      ),
    getTokenAccountBalance: (params) => {
      const target = addressParam(params[0])
      const account = svm.getAccount(target)
      if (
        !account.exists ||
        account.programAddress !== TOKEN_PROGRAM_ADDRESS ||
        account.data.length !== 165
      ) {
        throw invalidParams('Invalid param: could not find account')
      }
      const token = tokenDecoder.decode(account.data)
      return withContext(uiTokenAmount(token.amount, mintDecimals(token.mint)))
    },
    getTokenSupply: (params) => {
      const account = svm.getAccount(addressParam(params[0]))
      if (!account.exists || account.data.length !== 82)
        throw invalidParams('Invalid param: not a Token mint')
      const mint = mintDecoder.decode(account.data)
      return withContext(uiTokenAmount(mint.supply, mint.decimals))
    },
    requestAirdrop: (params) => {
      const target = addressParam(params[0])
      const amount = BigInt(Number(params[1] ?? 0))
      const preBalance = svm.getBalance(target) ?? 0n
      const outcome = svm.airdrop(target, lamports(amount))
      if (!outcome || 'err' in outcome) {
        throw new JsonRpcError({ code: -32603, message: 'airdrop failed' })
      }
      const signature = toBase58(outcome.signature())
      advanceSlot()
      record(
        signature,
        {
          slot,
          err: null,
          transaction: undefined,
          fee: lamportsPerSignature,
          logs: outcome.logs(),
          computeUnitsConsumed: outcome.computeUnitsConsumed(),
          preBalances: [preBalance],
          postBalances: [svm.getBalance(target) ?? 0n],
          preTokenBalances: [],
          postTokenBalances: [],
          blockTime: Math.floor(Date.now() / 1000),
        },
        [target],
      )
      return signature
    },
    sendTransaction: (params) => {
      const config = options(params, 1)
      const transaction = decodeWireTransaction(params[0], config.encoding ?? 'base58')
      return execute(transaction, { skipPreflight: config.skipPreflight === true })
    },
    simulateTransaction: (params) => {
      const config = options(params, 1)
      const transaction = decodeWireTransaction(params[0], config.encoding ?? 'base58')
      const outcome = svm.simulateTransaction(transaction)
      const failed = 'err' in outcome
      const meta = outcome.meta()
      return withContext({
        err: failed ? transactionErrorJson(outcome.err()) : null,
        logs: meta.logs(),
        accounts: null,
        unitsConsumed: meta.computeUnitsConsumed(),
        returnData: null,
        replacementBlockhash: null,
      })
    },
    getSignatureStatuses: (params) => {
      const list = Array.isArray(params[0]) ? params[0] : []
      return withContext(
        list.map((signature) => {
          const entry = signatures.get(String(signature))
          if (!entry) return null
          return {
            slot: entry.slot,
            confirmations: null,
            err: entry.err,
            status: entry.err === null ? { Ok: null } : { Err: entry.err },
            confirmationStatus: 'finalized',
          }
        }),
      )
    },
    getTransaction: (params) => {
      const entry = signatures.get(String(params[0]))
      if (!entry) return null
      const encoding =
        typeof params[1] === 'string' ? params[1] : String(options(params, 1).encoding ?? 'json')
      return transactionJson(entry, encoding)
    },
    getSignaturesForAddress: (params) => {
      const list = signaturesByAddress.get(addressParam(params[0])) ?? []
      const limit = Number(options(params, 1).limit ?? 1000)
      return list.slice(0, limit).map((signature) => {
        const entry = signatures.get(signature)!
        return {
          signature,
          slot: entry.slot,
          err: entry.err,
          memo: null,
          blockTime: entry.blockTime,
          confirmationStatus: 'finalized',
        }
      })
    },
  }

  return {
    request(method, params) {
      const handler = methods[method]
      if (!handler) throw new JsonRpcError({ code: -32601, message: `Method not found: ${method}` })
      return handler(params)
    },
    subscribe(method, params, notifyOne) {
      const id = nextSubscription++
      const encoding = String(options(params, 1).encoding ?? 'base64')
      if (method === 'slotSubscribe') {
        subscriptions.set(id, { kind: 'slot', key: '', encoding, notify: notifyOne })
      } else if (method === 'accountSubscribe') {
        const key = addressParam(params[0])
        subscriptions.set(id, { kind: 'account', key, encoding, notify: notifyOne })
      } else if (method === 'signatureSubscribe') {
        const key = String(params[0])
        const done = signatures.get(key)
        if (done) {
          // Already landed: answer at once, after the subscription id has been sent.
          queueMicrotask(() =>
            notifyOne({
              method: 'signatureNotification',
              subscription: id,
              result: withContext({ err: done.err }),
            }),
          )
        } else {
          subscriptions.set(id, { kind: 'signature', key, encoding, notify: notifyOne })
        }
      } else {
        throw new JsonRpcError({ code: -32601, message: `Method not found: ${method}` })
      }
      return id
    },
    unsubscribe: (subscription) => subscriptions.delete(subscription),
    sendTransaction: (transaction) => execute(transaction, { skipPreflight: false }),
    slot: () => slot,
  }
}

function uiTokenAmount(amount: bigint, decimals: number) {
  const text = amount.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

function shortVec(length: number): number[] {
  const bytes: number[] = []
  let rest = length
  for (;;) {
    const byte = rest & 0x7f
    rest >>= 7
    if (rest === 0) {
      bytes.push(byte)
      return bytes
    }
    bytes.push(byte | 0x80)
  }
}

function describeError(error: unknown): string {
  return typeof error === 'string' ? error : JSON.stringify(error)
}
