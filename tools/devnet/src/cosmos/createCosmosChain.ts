import { rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBech32, toBech32, toHex } from '@cosmjs/encoding'
import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth'
import { QueryAccountRequest, QueryAccountResponse } from 'cosmjs-types/cosmos/auth/v1beta1/query'
import {
  QueryAllBalancesRequest,
  QueryAllBalancesResponse,
  QueryBalanceRequest,
  QueryBalanceResponse,
} from 'cosmjs-types/cosmos/bank/v1beta1/query'
import { MsgSend, MsgSendResponse } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { SimulateRequest, SimulateResponse } from 'cosmjs-types/cosmos/tx/v1beta1/service'
import { AuthInfo, SignDoc, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { Any } from 'cosmjs-types/google/protobuf/any'

export type CreateCosmosChainParameters = {
  chainId: string
  bech32Prefix: string
  /** Genesis balances; the accounts get account numbers 0, 1, … in this order. */
  genesis: readonly { address: string; coins: readonly { denom: string; amount: bigint }[] }[]
}

/** What ABCI answers: `code` 0 and `value`, or an SDK error code (codespace `sdk`) and `log`. */
export type AbciResult = { code: number; codespace: string; log: string; value: Uint8Array }

export type CosmosEvent = {
  type: string
  attributes: { key: string; value: string; index: boolean }[]
}

/** A transaction included in a block (every accepted transaction gets a block of its own). */
export type IncludedTx = {
  /** SHA-256 of the TxRaw bytes, upper-case hex: what CometBFT names it by. */
  hash: string
  height: number
  tx: Uint8Array
  gasWanted: bigint
  gasUsed: bigint
  /** TxMsgData with the messages' responses. */
  data: Uint8Array
  events: CosmosEvent[]
}

export type CosmosChain = ReturnType<typeof createCosmosChain>

/** An SDK error: `code` in codespace `sdk`, `log` worded as the Cosmos SDK words it. */
class ChainError extends Error {
  constructor(
    readonly code: number,
    readonly log: string,
  ) {
    super(log)
  }
}

const msgSendType = '/cosmos.bank.v1beta1.MsgSend'
const pubKeyType = '/cosmos.crypto.secp256k1.PubKey'
/** A flat gas schedule: enough for `'auto'` fees to be real numbers, no more. */
const gasFor = (txBytes: Uint8Array) => 50_000n + 10n * BigInt(txBytes.length)
const attributes = (entries: Record<string, string>) =>
  Object.entries(entries).map(([key, value]) => ({ key, value, index: true }))

/**
 * The state machine behind the local Cosmos chain: x/auth accounts and x/bank balances in memory,
 * and `MsgSend` transactions checked like the SDK's ante handler (signer's public key, sequence,
 * SIGN_MODE_DIRECT signature over the chain id and account number, fee). A transaction is refused
 * as a whole at broadcast (CheckTx) or included with code 0: nothing fails inside a block.
 */
export function createCosmosChain(parameters: CreateCosmosChainParameters) {
  const { chainId, bech32Prefix } = parameters
  const accounts = new Map<
    string,
    { accountNumber: bigint; sequence: bigint; pubKey?: Uint8Array }
  >()
  const balances = new Map<string, Map<string, bigint>>()
  const txs: IncludedTx[] = []
  const genesisTime = new Date()
  let blockTime = genesisTime

  const toAddress = (value: string) => {
    try {
      // An explicit length limit: cosmjs' default (Infinity) is refused by @scure/base ≥ 2.1.
      if (fromBech32(value, 90).prefix === bech32Prefix) return value
    } catch {}
    throw new ChainError(7, `invalid address ${JSON.stringify(value)}: invalid address`)
  }
  const addAccount = (address: string) => {
    if (!accounts.has(address))
      accounts.set(address, { accountNumber: BigInt(accounts.size), sequence: 0n })
  }
  const balanceOf = (address: string, denom: string) => balances.get(address)?.get(denom) ?? 0n
  for (const { address, coins } of parameters.genesis) {
    addAccount(toAddress(address))
    balances.set(address, new Map(coins.map((coin) => [coin.denom, coin.amount])))
  }

  /** Checks a transaction as the ante handler and x/bank do; commits only when delivering. */
  function execute(txRaw: TxRaw, txBytes: Uint8Array, mode: 'simulate' | 'deliver') {
    const body = TxBody.decode(txRaw.bodyBytes)
    const authInfo = AuthInfo.decode(txRaw.authInfoBytes)
    const messages = body.messages.map((message) => {
      if (message.typeUrl !== msgSendType)
        throw new ChainError(2, `unable to resolve type URL ${message.typeUrl}: tx parse error`)
      return MsgSend.decode(message.value)
    })
    const signer = messages[0]?.fromAddress
    if (!signer) throw new ChainError(18, 'must contain at least one message: invalid request')
    if (
      messages.some((message) => message.fromAddress !== signer) ||
      authInfo.signerInfos.length !== 1
    )
      throw new ChainError(4, 'only single-signer MsgSend transactions are supported: unauthorized')
    const account = accounts.get(toAddress(signer))
    if (!account) throw new ChainError(9, `account ${signer} does not exist: unknown address`)
    const [signerInfo] = authInfo.signerInfos
    const pubKey =
      signerInfo?.publicKey?.typeUrl === pubKeyType
        ? PubKey.decode(signerInfo.publicKey.value).key
        : account.pubKey
    if (!pubKey || toBech32(bech32Prefix, rawSecp256k1PubkeyToRawAddress(pubKey)) !== signer)
      throw new ChainError(8, `pubKey does not match signer address ${signer}: invalid pubkey`)
    if (signerInfo?.sequence !== account.sequence)
      throw new ChainError(
        32,
        `account sequence mismatch, expected ${account.sequence}, got ${signerInfo?.sequence}: incorrect account sequence`,
      )
    const gasUsed = gasFor(txBytes)
    const gasWanted = authInfo.fee?.gasLimit ?? 0n
    if (mode === 'deliver') {
      if (gasWanted < gasUsed)
        throw new ChainError(
          11,
          `out of gas; gasWanted: ${gasWanted}, gasUsed: ${gasUsed}: out of gas`,
        )
      if (signerInfo.modeInfo?.single?.mode !== SignMode.SIGN_MODE_DIRECT)
        throw new ChainError(4, 'only SIGN_MODE_DIRECT is supported: unauthorized')
      const signDoc = SignDoc.fromPartial({
        bodyBytes: txRaw.bodyBytes,
        authInfoBytes: txRaw.authInfoBytes,
        chainId,
        accountNumber: account.accountNumber,
      })
      const signBytes = SignDoc.encode(signDoc).finish()
      const signature = txRaw.signatures[0]
      if (
        signature?.length !== 64 ||
        !Secp256k1.verifySignature(
          Secp256k1Signature.fromFixedLength(signature),
          sha256(signBytes),
          pubKey,
        )
      )
        throw new ChainError(
          4,
          `signature verification failed; please verify account number (${account.accountNumber}) and chain-id (${chainId}): unauthorized`,
        )
    }

    // Balances after the fee and the messages, as a list of changes: applied only at the end.
    const next = new Map<string, bigint>()
    const key = (address: string, denom: string) => `${address}\u0000${denom}`
    const get = (address: string, denom: string) =>
      next.get(key(address, denom)) ?? balanceOf(address, denom)
    const debit = (address: string, denom: string, amount: bigint, what: string) => {
      const balance = get(address, denom)
      if (balance < amount)
        throw new ChainError(
          5,
          `${what} ${balance}${denom} is smaller than ${amount}${denom}: insufficient funds`,
        )
      next.set(key(address, denom), balance - amount)
    }
    const events: CosmosEvent[] = []
    const fee = (authInfo.fee?.amount ?? []).map((coin) => ({
      denom: coin.denom,
      amount: BigInt(coin.amount),
    }))
    for (const coin of fee)
      debit(signer, coin.denom, coin.amount, 'insufficient funds to pay for fees;')
    const feeText = fee.map((coin) => `${coin.amount}${coin.denom}`).join(',')
    events.push({ type: 'tx', attributes: attributes({ fee: feeText, fee_payer: signer }) })
    events.push({
      type: 'tx',
      attributes: attributes({ acc_seq: `${signer}/${account.sequence}` }),
    })
    for (const message of messages) {
      const recipient = toAddress(message.toAddress)
      for (const coin of message.amount) {
        const amount = BigInt(coin.amount)
        if (amount <= 0n) throw new ChainError(10, `${coin.amount}${coin.denom}: invalid coins`)
        debit(signer, coin.denom, amount, 'spendable balance')
        next.set(key(recipient, coin.denom), get(recipient, coin.denom) + amount)
      }
      const amountText = message.amount.map((coin) => `${coin.amount}${coin.denom}`).join(',')
      events.push(
        {
          type: 'message',
          attributes: attributes({ action: msgSendType, sender: signer, module: 'bank' }),
        },
        {
          type: 'transfer',
          attributes: attributes({ recipient, sender: signer, amount: amountText }),
        },
      )
    }
    const msgResponses = messages.map(() =>
      Any.fromPartial({
        typeUrl: '/cosmos.bank.v1beta1.MsgSendResponse',
        value: MsgSendResponse.encode(MsgSendResponse.fromPartial({})).finish(),
      }),
    )
    if (mode === 'deliver') {
      for (const [entry, amount] of next) {
        const [address = '', denom = ''] = entry.split('\u0000')
        addAccount(address)
        const coins = balances.get(address) ?? new Map<string, bigint>()
        coins.set(denom, amount)
        balances.set(address, coins)
      }
      account.sequence += 1n
      account.pubKey = pubKey
    }
    return { gasUsed, gasWanted, events, msgResponses }
  }

  const ok = (value: Uint8Array): AbciResult => ({ code: 0, codespace: '', log: '', value })
  const fail = (error: unknown): AbciResult => {
    if (error instanceof ChainError)
      return { code: error.code, codespace: 'sdk', log: error.log, value: new Uint8Array() }
    // Undecodable protobuf and the like: what the SDK answers for a tx it cannot parse.
    const message = error instanceof Error ? error.message : String(error)
    return { code: 2, codespace: 'sdk', log: `${message}: tx parse error`, value: new Uint8Array() }
  }

  return {
    chainId,
    genesisTime,
    get height() {
      return txs.length + 1
    },
    get blockTime() {
      return blockTime
    },

    /** An ABCI query of a gRPC method (`/cosmos.bank.v1beta1.Query/Balance`, …). */
    query(path: string, data: Uint8Array): AbciResult {
      try {
        switch (path) {
          case '/cosmos.auth.v1beta1.Query/Account': {
            const { address } = QueryAccountRequest.decode(data)
            const account = accounts.get(toAddress(address))
            // cosmjs' getAccount reads this gRPC status text as "no such account" (null).
            if (!account)
              throw new ChainError(
                22,
                `rpc error: code = NotFound desc = account ${address} not found: key not found`,
              )
            const base = BaseAccount.fromPartial({
              address,
              accountNumber: account.accountNumber,
              sequence: account.sequence,
              pubKey: account.pubKey
                ? { typeUrl: pubKeyType, value: PubKey.encode({ key: account.pubKey }).finish() }
                : undefined,
            })
            const any = {
              typeUrl: '/cosmos.auth.v1beta1.BaseAccount',
              value: BaseAccount.encode(base).finish(),
            }
            return ok(
              QueryAccountResponse.encode(
                QueryAccountResponse.fromPartial({ account: any }),
              ).finish(),
            )
          }
          case '/cosmos.bank.v1beta1.Query/Balance': {
            const { address, denom } = QueryBalanceRequest.decode(data)
            const amount = balanceOf(toAddress(address), denom).toString()
            return ok(
              QueryBalanceResponse.encode(
                QueryBalanceResponse.fromPartial({ balance: { denom, amount } }),
              ).finish(),
            )
          }
          case '/cosmos.bank.v1beta1.Query/AllBalances': {
            const { address } = QueryAllBalancesRequest.decode(data)
            const coins = [...(balances.get(toAddress(address)) ?? [])]
              .filter(([, amount]) => amount > 0n)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([denom, amount]) => ({ denom, amount: amount.toString() }))
            const pagination = { nextKey: new Uint8Array(), total: BigInt(coins.length) }
            return ok(
              QueryAllBalancesResponse.encode(
                QueryAllBalancesResponse.fromPartial({ balances: coins, pagination }),
              ).finish(),
            )
          }
          case '/cosmos.tx.v1beta1.Service/Simulate': {
            const { txBytes } = SimulateRequest.decode(data)
            const { gasUsed, events, msgResponses } = execute(
              TxRaw.decode(txBytes),
              txBytes,
              'simulate',
            )
            const result = { data: new Uint8Array(), log: '', events, msgResponses }
            return ok(
              SimulateResponse.encode(
                SimulateResponse.fromPartial({ gasInfo: { gasWanted: 0n, gasUsed }, result }),
              ).finish(),
            )
          }
          default:
            return fail(new ChainError(6, `unknown query path: ${path}: unknown request`))
        }
      } catch (error) {
        return fail(error)
      }
    },

    /** CheckTx and, when it passes, a block of its own (`broadcast_tx_sync`). */
    broadcast(txBytes: Uint8Array): AbciResult & { hash: string } {
      const hash = toHex(sha256(txBytes)).toUpperCase()
      try {
        const { gasUsed, gasWanted, events, msgResponses } = execute(
          TxRaw.decode(txBytes),
          txBytes,
          'deliver',
        )
        blockTime = new Date()
        const data = TxMsgData.encode(TxMsgData.fromPartial({ msgResponses })).finish()
        txs.push({ hash, height: txs.length + 2, tx: txBytes, gasWanted, gasUsed, data, events })
        return { ...ok(new Uint8Array()), hash }
      } catch (error) {
        return { ...fail(error), hash }
      }
    },

    /** Included transactions matching every `key='value'` of a CometBFT query (`tx.hash`, `tx.height`, events). */
    search(query: string): IncludedTx[] {
      const conditions = [...query.matchAll(/([\w.]+)\s*=\s*(?:'([^']*)'|(\d+))/g)].map(
        ([, key = '', quoted, number]) => ({ key, value: quoted ?? number ?? '' }),
      )
      return txs.filter((tx) =>
        conditions.every(({ key, value }) => {
          if (key === 'tx.hash') return tx.hash === value.toUpperCase()
          if (key === 'tx.height') return String(tx.height) === value
          const [type, attribute] = key.split('.')
          return tx.events.some(
            (event) =>
              event.type === type &&
              event.attributes.some((entry) => entry.key === attribute && entry.value === value),
          )
        }),
      )
    },
  }
}
