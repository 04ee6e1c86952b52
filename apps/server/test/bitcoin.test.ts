import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type BitcoinDevKey,
  type EsploraTransaction,
  type EsploraUtxo,
  regtestNetwork,
  type StartBitcoinDevnetReturnType,
  startBitcoinDevnet,
} from '@foyer/devnet/bitcoin'
import {
  type GetBalanceResponse,
  type GetHistoryResponse,
  getBalanceResponse,
  getHistoryResponse,
} from '@foyer/protocol'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import { pubECDSA, randomPrivateKeyBytes } from '@scure/btc-signer/utils.js'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readServerOptions } from '../src/config.ts'
import { createDatabase, type FoyerDatabase } from '../src/db/createDatabase.ts'
import { ConfigError } from '../src/errors.ts'
import { createServer, devProjectId } from '../src/http/createServer.ts'

const mainnet = 'bip122:000000000019d6689c085ae165831e93'
/** A valid mainnet address (BIP-173's example). */
const mainnetAddress = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const fee = 2_000n

/**
 * The Bitcoin networks of the server against a real regtest chain (`startBitcoinDevnet`), read
 * through its Esplora API: the devnet file's `bitcoin` and FOYER_BITCOIN_NETWORKS, whose mainnet
 * entry points at a closed port, so any request for it would fail the test with a 502.
 */
describe('server with Bitcoin networks', () => {
  let bitcoin: StartBitcoinDevnetReturnType
  let database: FoyerDatabase
  let app: FastifyInstance
  let directory: string

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'foyer-server-bitcoin-'))
    ;[bitcoin, database] = await Promise.all([
      startBitcoinDevnet({ port: 0 }),
      createDatabase({ dataDir: 'memory://' }),
    ])
    const devnetFile = join(directory, 'devnet.json')
    await writeFile(
      devnetFile,
      JSON.stringify({ chains: [], accounts: [], bitcoin: bitcoin.devnet }),
    )
    const options = readServerOptions({
      FOYER_DEVNET_FILE: devnetFile,
      FOYER_BITCOIN_NETWORKS: `${mainnet}=http://127.0.0.1:9/api`,
      FOYER_RATE_LIMIT_IP: '0',
    })
    app = await createServer({
      ...options,
      database,
      dev: true,
      logger: false,
      indexer: { enabled: false },
    })
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await Promise.allSettled([bitcoin?.stop(), database?.destroy()])
    if (directory) await rm(directory, { recursive: true, force: true })
  })

  const regtest = () => bitcoin.devnet.caipNetworkId
  const accounts = () => bitcoin.devnet.accounts
  const get = async <T>(path: string, params: Record<string, string> = {}) => {
    const response = await app.inject({
      url: `${path}?${new URLSearchParams({ projectId: devProjectId, ...params })}`,
    })
    return { status: response.statusCode, body: response.json() as T }
  }
  const balances = async (address: string, params: Record<string, string> = {}) => {
    const { status, body } = await get<GetBalanceResponse>(`/v1/account/${address}/balance`, {
      chainId: regtest(),
      forceUpdate: 'true',
      ...params,
    })
    expect(status, JSON.stringify(body)).toBe(200)
    return v.parse(getBalanceResponse, body).balances
  }
  const btc = async (address: string) => (await balances(address))[0]?.quantity.numeric
  const history = async (address: string, params: Record<string, string> = {}) => {
    const { status, body } = await get<GetHistoryResponse>(`/v1/account/${address}/history`, {
      chainId: regtest(),
      ...params,
    })
    expect(status, JSON.stringify(body)).toBe(200)
    // What the client validates its answers with.
    return v.parse(getHistoryResponse, body)
  }
  const esplora = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${bitcoin.devnet.esploraUrl}${path}`, init)
    const text = await response.text()
    expect(response.status, text).toBe(200)
    return text
  }
  const mine = async () =>
    (
      JSON.parse(await esplora('/regtest/mine', { method: 'POST', body: '{}' })) as {
        height: number
      }
    ).height

  /** A P2WPKH payment signed with a dev key, sent through the devnet's Esplora API. */
  async function pay(from: BitcoinDevKey, to: string, sats: bigint): Promise<string> {
    const utxos = JSON.parse(await esplora(`/address/${from.address}/utxo`)) as EsploraUtxo[]
    const { script } = p2wpkh(Buffer.from(from.publicKey, 'hex'), regtestNetwork)
    const tx = new Transaction()
    let total = 0n
    for (const utxo of utxos) {
      tx.addInput({
        txid: utxo.txid,
        index: utxo.vout,
        witnessUtxo: { script, amount: BigInt(utxo.value) },
      })
      total += BigInt(utxo.value)
    }
    tx.addOutputAddress(to, sats, regtestNetwork)
    tx.addOutputAddress(from.address, total - sats - fee, regtestNetwork)
    tx.sign(Buffer.from(from.privateKey, 'hex'))
    tx.finalize()
    return esplora('/tx', { method: 'POST', body: tx.hex })
  }

  it('lists the regtest chain and the configured networks as supported', async () => {
    const { body } = await get<{ http: string[] }>('/v1/supported-chains')
    expect(body.http).toEqual(expect.arrayContaining([regtest(), mainnet]))
    expect(regtest()).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
  })

  it('serves the regtest balance of a funded dev account: 10 BTC', async () => {
    const { address } = accounts()[0]!.payment
    const expected = {
      name: 'Bitcoin',
      symbol: 'BTC',
      chainId: regtest(),
      value: 0,
      price: 0,
      priceSource: 'unavailable',
      quantity: { decimals: '8', numeric: '10' },
      iconUrl: expect.stringContaining('/public/getTokenImage/BTC'),
    }
    expect(await balances(address)).toEqual([expected])
    // Without a chainId only the network the address belongs to is asked (mainnet would fail).
    const all = await get<GetBalanceResponse>(`/v1/account/${address}/balance`, {
      forceUpdate: 'true',
    })
    expect(all.body.balances).toEqual([expected])
    // Bech32 is case-insensitive.
    expect(await balances(address.toUpperCase())).toEqual([expected])
  })

  it('follows a payment for both sides: pending at once, confirmed after a block', async () => {
    const [alice, bob] = [accounts()[1]!.payment, accounts()[2]!.payment]
    const cachedUrl = [`/v1/account/${bob.address}/balance`, { chainId: regtest() }] as const
    const cachedBefore = await get<GetBalanceResponse>(...cachedUrl)

    const txid = await pay(alice, bob.address, 25_000_000n)
    // Balances count the mempool; a cached answer stays until forceUpdate.
    expect((await get<GetBalanceResponse>(...cachedUrl)).body).toEqual(cachedBefore.body)
    expect(await btc(bob.address)).toBe('10.25')
    expect(await btc(alice.address)).toBe('9.74998')
    const [pending] = (await history(bob.address)).data
    expect(pending).toMatchObject({
      id: `${regtest()}:${txid}`,
      metadata: { hash: txid, status: 'pending', blockNumber: '', operationType: 'receive' },
      transfers: [
        {
          direction: 'in',
          quantity: { numeric: '0.25', decimals: '8' },
          sender: alice.address,
          recipient: bob.address,
        },
      ],
    })

    const height = await mine()
    const status = JSON.parse(await esplora(`/tx/${txid}/status`)) as EsploraTransaction['status']
    expect(await btc(bob.address)).toBe('10.25')
    expect(await btc(alice.address)).toBe('9.74998')

    const sent = await history(alice.address)
    expect(sent.next).toBeNull()
    expect(sent.data).toHaveLength(2)
    expect(sent.data[0]).toEqual({
      id: `${regtest()}:${txid}`,
      metadata: {
        operationType: 'send',
        hash: txid,
        minedAt: new Date(status.block_time! * 1000).toISOString(),
        sentFrom: alice.address,
        sentTo: bob.address,
        status: 'confirmed',
        nonce: 0,
        chain: regtest(),
        blockNumber: String(height),
      },
      transfers: [
        {
          fungible_info: {
            name: 'Bitcoin',
            symbol: 'BTC',
            icon: { url: expect.stringContaining('/BTC') },
          },
          // What left the wallet for Bob: the change and the fee are not part of it.
          direction: 'out',
          quantity: { numeric: '0.25', decimals: '8' },
          sender: alice.address,
          recipient: bob.address,
        },
      ],
    })
    // The older entry is the devnet's funding, received.
    expect(sent.data[1]).toMatchObject({
      metadata: { operationType: 'receive', status: 'confirmed' },
      transfers: [{ direction: 'in', quantity: { numeric: '10' } }],
    })
    const received = await history(bob.address)
    expect(received.data.map((tx) => [tx.metadata.hash, tx.metadata.status])).toEqual([
      [txid, 'confirmed'],
      [expect.any(String), 'confirmed'],
    ])
    expect(received.data[0]!.transfers[0]).toMatchObject({ direction: 'in', sender: alice.address })
  })

  it('shows a payment to oneself as such, costing only the fee', async () => {
    const carol = accounts()[3]!.payment
    const txid = await pay(carol, carol.address, 100_000_000n)
    await mine()
    const [latest] = (await history(carol.address)).data
    expect(latest).toMatchObject({
      metadata: { hash: txid, operationType: 'execute', sentTo: carol.address },
      transfers: [{ direction: 'self' }],
    })
    expect(await btc(carol.address)).toBe('9.99998')
  })

  it('pages a long history with cursors, and refuses a cursor it did not issue', async () => {
    const receiver = p2wpkh(pubECDSA(randomPrivateKeyBytes()), regtestNetwork).address!
    for (let round = 0; round < 2; round++) {
      for (let count = 0; count < 14; count++)
        await esplora('/regtest/fund', {
          method: 'POST',
          body: JSON.stringify({ address: receiver, sats: 10_000 + count }),
        })
      await mine()
    }
    const first = await history(receiver)
    expect(first.data).toHaveLength(25)
    expect(first.next).not.toBeNull()
    const second = await history(receiver, { cursor: first.next! })
    expect(second.data).toHaveLength(3)
    expect(second.next).toBeNull()
    const hashes = [...first.data, ...second.data].map((tx) => tx.metadata.hash)
    expect(new Set(hashes).size).toBe(28)
    const heights = [...first.data, ...second.data].map((tx) => Number(tx.metadata.blockNumber))
    expect(heights).toEqual([...heights].sort((a, b) => b - a))
    expect(await btc(receiver)).toBe('0.00280182')

    const { status, body } = await get<{ field: string }>(`/v1/account/${receiver}/history`, {
      chainId: regtest(),
      cursor: Buffer.from('bip122:not-a-network|').toString('base64url'),
    })
    expect(status).toBe(400)
    expect(body.field).toBe('cursor')
  })

  it('answers nothing for a network the address does not belong to, without asking it', async () => {
    const { address } = accounts()[0]!.payment
    expect(await balances(address, { chainId: mainnet })).toEqual([])
    expect(await history(address, { chainId: mainnet })).toEqual({ data: [], next: null })
    expect(await balances(mainnetAddress)).toEqual([])
    expect(await history(mainnetAddress)).toEqual({ data: [], next: null })
    // An EVM account has no Bitcoin history, and a Bitcoin one no EVM balances.
    const evm = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    expect(await history(evm)).toEqual({ data: [], next: null })
    expect(await balances(address, { chainId: 'eip155:1' })).toEqual([])
    // The mainnet network is asked for a mainnet address, and its Esplora is unreachable here.
    const unreachable = await get(`/v1/account/${mainnetAddress}/balance`, { chainId: mainnet })
    expect(unreachable.status).toBe(502)
  })

  it('refuses garbage and broken Bitcoin addresses with the shared 400', async () => {
    // The last character changed: the bech32 checksum no longer holds.
    const { address } = accounts()[0]!.payment
    const broken = `${address.slice(0, -1)}${address.endsWith('q') ? 'p' : 'q'}`
    // A base58 string with a bad checksum may still be a Solana key to the balance route, but
    // never a history account.
    const badBase58 = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3'
    const refusals = [
      ['balance', 'address', 'not-an-address!', /^address: address must be an EVM address/],
      ['balance', 'address', broken, /not a valid Bitcoin address/],
      ['history', 'account', 'not-an-address!', /^account: account must be an EVM address/],
      ['history', 'account', broken, /not a valid Bitcoin address/],
      ['history', 'account', badBase58, /not a valid Bitcoin address/],
    ] as const
    for (const [route, field, input, message] of refusals) {
      const { status, body } = await get<{ code: string; field: string; message: string }>(
        `/v1/account/${input}/${route}`,
        { chainId: regtest() },
      )
      expect(status, `${route} ${input}`).toBe(400)
      expect(body).toMatchObject({ code: 'INVALID_INPUT', field })
      expect(body.message).toMatch(message)
    }
  })
})

describe('FOYER_BITCOIN_NETWORKS', () => {
  it('reads Bitcoin networks as caip2=esploraUrl, naming the well-known ones', () => {
    expect(readServerOptions({}).bitcoinChains).toBeUndefined()
    const { bitcoinChains } = readServerOptions({
      FOYER_BITCOIN_NETWORKS: ` ${mainnet}=https://mempool.space/api/ , bip122:00000000da84f2bafbbc53dee25a72ae=https://mempool.space/testnet4/api,bip122:0123456789abcdef0123456789abcdef=http://127.0.0.1:3002`,
    })
    expect(bitcoinChains).toEqual([
      { caipNetworkId: mainnet, name: 'Bitcoin', esploraUrl: 'https://mempool.space/api' },
      {
        caipNetworkId: 'bip122:00000000da84f2bafbbc53dee25a72ae',
        name: 'Bitcoin Testnet4',
        esploraUrl: 'https://mempool.space/testnet4/api',
      },
      {
        caipNetworkId: 'bip122:0123456789abcdef0123456789abcdef',
        name: 'Bitcoin (01234567)',
        esploraUrl: 'http://127.0.0.1:3002',
      },
    ])
  })

  it('refuses a malformed entry, naming it', () => {
    for (const value of [
      'https://mempool.space/api',
      `${mainnet}`,
      `${mainnet}=`,
      `${mainnet}=ftp://mempool.space/api`,
      `${mainnet}=mempool.space`,
      'eip155:1=https://mempool.space/api',
      'bip122:000000000019D6689C085AE165831E93=https://mempool.space/api',
      'bip122:000000000019d6689c=https://mempool.space/api',
    ]) {
      expect(() => readServerOptions({ FOYER_BITCOIN_NETWORKS: value }), value).toThrow(ConfigError)
      expect(() => readServerOptions({ FOYER_BITCOIN_NETWORKS: value })).toThrow(
        /FOYER_BITCOIN_NETWORKS entry ".*" is not caip2=esploraUrl/,
      )
    }
    expect(() =>
      readServerOptions({
        FOYER_BITCOIN_NETWORKS: `${mainnet}=https://a.example/api,${mainnet}=https://b.example/api`,
      }),
    ).toThrow(`FOYER_BITCOIN_NETWORKS names the network "${mainnet}" twice`)
  })
})
