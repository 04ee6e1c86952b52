import { createServer, type Server } from 'node:net'
import { p2tr, p2wpkh, RawTx, Transaction } from '@scure/btc-signer'
import { pubECDSA, randomPrivateKeyBytes } from '@scure/btc-signer/utils.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PortInUseError } from '../errors.ts'
import { regtestNetwork } from './bitcoinDevAccounts.ts'
import type { EsploraAddress, EsploraTransaction, EsploraUtxo } from './createRegtestChain.ts'
import {
  bitcoinDevAccountSats,
  type StartBitcoinDevnetReturnType,
  startBitcoinDevnet,
} from './startBitcoinDevnet.ts'
import type { BitcoinDevKey } from './types.ts'

let world: StartBitcoinDevnetReturnType

beforeAll(async () => {
  world = await startBitcoinDevnet({ port: 0 })
})

afterAll(async () => {
  await world?.stop()
})

const accounts = () => world.devnet.accounts

async function esplora(path: string, init?: RequestInit) {
  const response = await fetch(`${world.devnet.esploraUrl}${path}`, init)
  return { status: response.status, headers: response.headers, text: await response.text() }
}
async function esploraJson<T>(path: string): Promise<T> {
  const { status, text } = await esplora(path)
  expect(status, text).toBe(200)
  return JSON.parse(text) as T
}
const post = (path: string, body: string) => esplora(path, { method: 'POST', body })
const addressOf = (address: string) => esploraJson<EsploraAddress>(`/address/${address}`)
const utxosOf = (address: string) => esploraJson<EsploraUtxo[]>(`/address/${address}/utxo`)
const historyOf = (address: string) => esploraJson<EsploraTransaction[]>(`/address/${address}/txs`)
/** Confirmed plus pending balance in satoshis, from the address summary. */
const balanceOf = async (address: string) => {
  const { chain_stats: chain, mempool_stats: pending } = await addressOf(address)
  return chain.funded_txo_sum - chain.spent_txo_sum + pending.funded_txo_sum - pending.spent_txo_sum
}
const mine = async (blocks = 1) =>
  JSON.parse((await post('/regtest/mine', JSON.stringify({ blocks }))).text) as { height: number }

const fee = 2_000n

/** A P2WPKH payment from a dev key, built as a PSBT and signed from it, as a wallet does. */
function signPayment(parameters: {
  from: BitcoinDevKey
  utxos: readonly EsploraUtxo[]
  to: string
  sats: bigint
}): { hex: string; txid: string } {
  const { from, utxos, to, sats } = parameters
  const { script } = p2wpkh(Buffer.from(from.publicKey, 'hex'), regtestNetwork)
  const unsigned = new Transaction()
  let total = 0n
  for (const utxo of utxos) {
    unsigned.addInput({
      txid: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script, amount: BigInt(utxo.value) },
    })
    total += BigInt(utxo.value)
  }
  unsigned.addOutputAddress(to, sats, regtestNetwork)
  if (total - sats - fee > 0n)
    unsigned.addOutputAddress(from.address, total - sats - fee, regtestNetwork)
  const signer = Transaction.fromPSBT(unsigned.toPSBT())
  signer.sign(Buffer.from(from.privateKey, 'hex'))
  signer.finalize()
  return { hex: signer.hex, txid: signer.id }
}

describe('startBitcoinDevnet', () => {
  it('describes a regtest chain whose API and accounts agree with it', async () => {
    const { devnet } = world
    expect(devnet.genesisHash).toBe(
      '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
    )
    expect(devnet.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    expect((await esplora('/block-height/0')).text).toBe(devnet.genesisHash)
    expect(Number((await esplora('/blocks/tip/height')).text)).toBeGreaterThanOrEqual(501)
    const tipHash = (await esplora('/blocks/tip/hash')).text
    expect(tipHash).toMatch(/^[0-9a-f]{64}$/)
    // The file is plain JSON: it survives a round trip unchanged.
    expect(JSON.parse(JSON.stringify(devnet))).toEqual(devnet)

    expect(devnet.accounts).toHaveLength(10)
    for (const { index, payment, ordinal } of devnet.accounts) {
      expect(payment.derivationPath).toBe(`m/84'/1'/0'/0/${index}`)
      expect(ordinal.derivationPath).toBe(`m/86'/1'/0'/0/${index}`)
      // Each address is the one its keys control.
      const privateKey = Buffer.from(payment.privateKey, 'hex')
      expect(Buffer.from(pubECDSA(privateKey)).toString('hex')).toBe(payment.publicKey)
      expect(p2wpkh(Buffer.from(payment.publicKey, 'hex'), regtestNetwork).address).toBe(
        payment.address,
      )
      expect(ordinal.publicKey).toMatch(/^[0-9a-f]{64}$/)
      expect(p2tr(Buffer.from(ordinal.publicKey, 'hex'), undefined, regtestNetwork).address).toBe(
        ordinal.address,
      )
      expect(payment.address).toMatch(/^bcrt1q/)
      expect(ordinal.address).toMatch(/^bcrt1p/)
    }
    // The first account is the same on every machine (the public dev mnemonic).
    expect(devnet.accounts[0]!.payment.address).toBe('bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw')
  })

  it('starts every payment address with 10 BTC, confirmed, and every ordinal address empty', async () => {
    for (const { payment, ordinal } of accounts()) {
      const summary = await addressOf(payment.address)
      expect(summary).toEqual({
        address: payment.address,
        chain_stats: {
          funded_txo_count: 1,
          funded_txo_sum: bitcoinDevAccountSats,
          spent_txo_count: 0,
          spent_txo_sum: 0,
          tx_count: 1,
        },
        mempool_stats: {
          funded_txo_count: 0,
          funded_txo_sum: 0,
          spent_txo_count: 0,
          spent_txo_sum: 0,
          tx_count: 0,
        },
      })
      const [utxo, ...others] = await utxosOf(payment.address)
      expect(others).toEqual([])
      expect(utxo).toMatchObject({ value: 1_000_000_000, status: { confirmed: true } })
      expect((await addressOf(ordinal.address)).chain_stats.tx_count).toBe(0)
    }
  })

  it('takes a PSBT-signed P2WPKH payment into the mempool, then confirms it in the next block', async () => {
    const [alice, bob] = accounts() as [
      (typeof world.devnet.accounts)[0],
      (typeof world.devnet.accounts)[0],
    ]
    const sats = 150_000_000n
    const payment = signPayment({
      from: alice.payment,
      utxos: await utxosOf(alice.payment.address),
      to: bob.payment.address,
      sats,
    })
    const sent = await post('/tx', payment.hex)
    expect(sent).toMatchObject({ status: 200, text: payment.txid })

    // Pending: the mempool stats carry it, the chain stats do not yet.
    const pendingBob = await addressOf(bob.payment.address)
    expect(pendingBob.mempool_stats).toMatchObject({ funded_txo_sum: Number(sats), tx_count: 1 })
    expect(pendingBob.chain_stats.funded_txo_sum).toBe(bitcoinDevAccountSats)
    const pendingAlice = await addressOf(alice.payment.address)
    expect(pendingAlice.mempool_stats).toMatchObject({
      spent_txo_sum: bitcoinDevAccountSats,
      funded_txo_sum: bitcoinDevAccountSats - Number(sats + fee),
    })
    expect(await esploraJson(`/tx/${payment.txid}/status`)).toEqual({ confirmed: false })
    expect((await historyOf(bob.payment.address))[0]).toMatchObject({
      txid: payment.txid,
      status: { confirmed: false },
    })

    const { height } = await mine()
    const status = await esploraJson<EsploraTransaction['status']>(`/tx/${payment.txid}/status`)
    expect(status).toMatchObject({ confirmed: true, block_height: height })
    expect(status.block_hash).toBe((await esplora(`/block-height/${height}`)).text)

    expect(await balanceOf(bob.payment.address)).toBe(bitcoinDevAccountSats + Number(sats))
    expect(await balanceOf(alice.payment.address)).toBe(bitcoinDevAccountSats - Number(sats + fee))
    expect((await addressOf(bob.payment.address)).mempool_stats.tx_count).toBe(0)

    // Both histories list it first, as Esplora describes a transaction.
    const [latest] = await historyOf(alice.payment.address)
    expect(latest).toMatchObject({
      txid: payment.txid,
      version: 2,
      fee: Number(fee),
      status: { confirmed: true, block_height: height },
      vin: [
        {
          vout: expect.any(Number),
          is_coinbase: false,
          prevout: {
            scriptpubkey_address: alice.payment.address,
            scriptpubkey_type: 'v0_p2wpkh',
            value: bitcoinDevAccountSats,
          },
        },
      ],
      vout: [
        { scriptpubkey_address: bob.payment.address, value: Number(sats) },
        {
          scriptpubkey_address: alice.payment.address,
          value: bitcoinDevAccountSats - Number(sats + fee),
        },
      ],
    })
    expect(latest!.weight).toBeGreaterThan(latest!.size)
    expect((await historyOf(bob.payment.address)).map((tx) => tx.txid)).toEqual([
      payment.txid,
      expect.any(String),
    ])
    expect(await esploraJson(`/tx/${payment.txid}`)).toEqual(latest)
    expect((await esplora(`/tx/${payment.txid}/hex`)).text).toBe(payment.hex)
  })

  it('refuses a tampered transaction with 400 and the reason, and changes nothing', async () => {
    const carol = accounts()[2]!
    const payment = signPayment({
      from: carol.payment,
      utxos: await utxosOf(carol.payment.address),
      to: accounts()[3]!.payment.address,
      sats: 100_000_000n,
    })
    // The payment redirected after signing (same amounts, same fee): only the signature is wrong.
    const decoded = RawTx.decode(Buffer.from(payment.hex, 'hex'))
    decoded.outputs[0]!.script = p2wpkh(pubECDSA(randomPrivateKeyBytes()), regtestNetwork).script
    const tampered = Buffer.from(RawTx.encode(decoded)).toString('hex')

    const answer = await post('/tx', tampered)
    expect(answer.status).toBe(400)
    expect(answer.text).toMatch(/^sendrawtransaction RPC error: .*mandatory-script-verify-flag/)
    expect(await addressOf(carol.payment.address)).toMatchObject({
      chain_stats: { funded_txo_sum: bitcoinDevAccountSats, spent_txo_count: 0 },
      mempool_stats: { tx_count: 0 },
    })
    expect((await esplora(`/tx/${payment.txid}`)).status).toBe(404)

    const garbage = await post('/tx', 'not a transaction')
    expect(garbage).toMatchObject({
      status: 400,
      text: expect.stringContaining('TX decode failed'),
    })
  })

  it('refuses spending a coin twice, in the mempool and once mined, and keeps the first spend', async () => {
    const [dave, erin, frank] = [accounts()[4]!, accounts()[5]!, accounts()[6]!]
    const utxos = await utxosOf(dave.payment.address)
    const toErin = signPayment({
      from: dave.payment,
      utxos,
      to: erin.payment.address,
      sats: 10_000n,
    })
    const toFrank = signPayment({
      from: dave.payment,
      utxos,
      to: frank.payment.address,
      sats: 20_000n,
    })
    expect((await post('/tx', toErin.hex)).status).toBe(200)
    // Sending the same transaction again is harmless.
    expect(await post('/tx', toErin.hex)).toMatchObject({ status: 200, text: toErin.txid })

    const conflicting = await post('/tx', toFrank.hex)
    expect(conflicting.status).toBe(400)
    expect(conflicting.text).toContain('bad-txns-inputs-spent')
    await mine()
    const afterMining = await post('/tx', toFrank.hex)
    expect(afterMining.status).toBe(400)
    expect(afterMining.text).toContain('bad-txns-inputs-missingorspent')

    expect(await balanceOf(frank.payment.address)).toBe(bitcoinDevAccountSats)
    expect(await balanceOf(erin.payment.address)).toBe(bitcoinDevAccountSats + 10_000)
    expect((await esplora(`/tx/${toFrank.txid}`)).status).toBe(404)
    const mined = await post('/tx', toErin.hex)
    expect(mined).toMatchObject({
      status: 400,
      text: expect.stringContaining('already in block chain'),
    })
  })

  it('receives on a taproot ordinal address and spends from it by key path, refusing a forged signature', async () => {
    const { ordinal, payment } = accounts()[7]!
    const funded = await post(
      '/regtest/fund',
      JSON.stringify({ address: ordinal.address, sats: 1_000_000 }),
    )
    const { txid: fundingTxid } = JSON.parse(funded.text) as { txid: string }
    await mine()
    expect((await addressOf(ordinal.address)).chain_stats).toMatchObject({
      funded_txo_sum: 1_000_000,
      tx_count: 1,
    })
    const [utxo] = await utxosOf(ordinal.address)
    expect(utxo).toMatchObject({ txid: fundingTxid, value: 1_000_000, status: { confirmed: true } })
    const fundingTx = await esploraJson<EsploraTransaction>(`/tx/${fundingTxid}`)
    expect(fundingTx.vout[utxo!.vout]).toMatchObject({
      scriptpubkey_address: ordinal.address,
      scriptpubkey_type: 'v1_p2tr',
    })

    const taproot = p2tr(Buffer.from(ordinal.publicKey, 'hex'), undefined, regtestNetwork)
    const spend = new Transaction()
    spend.addInput({
      txid: utxo!.txid,
      index: utxo!.vout,
      witnessUtxo: { script: taproot.script, amount: 1_000_000n },
      tapInternalKey: taproot.tapInternalKey,
    })
    spend.addOutputAddress(payment.address, 990_000n, regtestNetwork)
    spend.sign(Buffer.from(ordinal.privateKey, 'hex'))
    spend.finalize()

    const forged = RawTx.decode(spend.extract())
    const signature = forged.witnesses![0]![0]!
    signature[10] = signature[10]! ^ 0xff
    const refused = await post('/tx', Buffer.from(RawTx.encode(forged)).toString('hex'))
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('Invalid Schnorr signature')

    expect(await post('/tx', spend.hex)).toMatchObject({ status: 200, text: spend.id })
    await mine()
    expect(await balanceOf(ordinal.address)).toBe(0)
    expect(await balanceOf(payment.address)).toBe(bitcoinDevAccountSats + 990_000)
  })

  it('pages confirmed history 25 at a time after the last seen transaction', async () => {
    const receiver = p2wpkh(pubECDSA(randomPrivateKeyBytes()), regtestNetwork).address!
    for (let round = 0; round < 2; round++) {
      for (let count = 0; count < 14; count++)
        await post('/regtest/fund', JSON.stringify({ address: receiver, sats: 10_000 + count }))
      await mine()
    }
    const first = await historyOf(receiver)
    expect(first).toHaveLength(25)
    const rest = await esploraJson<EsploraTransaction[]>(
      `/address/${receiver}/txs/chain/${first[24]!.txid}`,
    )
    expect(rest).toHaveLength(3)
    const all = [...first, ...rest]
    expect(new Set(all.map((tx) => tx.txid)).size).toBe(28)
    // Newest first: block heights never increase down the list.
    const heights = all.map((tx) => tx.status.block_height!)
    expect(heights).toEqual([...heights].sort((a, b) => b - a))
  })

  it('answers fee estimates in sat/vB for the usual confirmation targets', async () => {
    const estimates = await esploraJson<Record<string, number>>('/fee-estimates')
    for (const target of ['1', '2', '3', '6', '25', '144', '504', '1008']) {
      expect(estimates[target]).toBeGreaterThanOrEqual(1)
      expect(estimates[target]).toBeLessThan(1000)
    }
  })

  it('mines on request and refuses malformed regtest requests', async () => {
    const before = Number((await esplora('/blocks/tip/height')).text)
    expect(await mine(3)).toEqual({ height: before + 3 })
    expect((await post('/regtest/mine', '')).text).toBe(JSON.stringify({ height: before + 4 }))
    expect((await post('/regtest/mine', JSON.stringify({ blocks: -1 }))).status).toBe(400)
    expect((await post('/regtest/fund', JSON.stringify({ address: 'x', sats: 1 }))).status).toBe(
      400,
    )
    const noSats = await post(
      '/regtest/fund',
      JSON.stringify({ address: accounts()[0]!.payment.address }),
    )
    expect(noSats).toMatchObject({ status: 400, text: expect.stringContaining('sats') })
  })

  it('answers 400 for an address of another network and 404 for an unknown transaction', async () => {
    const mainnet = await esplora('/address/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')
    expect(mainnet.status).toBe(400)
    expect(mainnet.text).toContain('is not a regtest address')
    expect((await esplora('/address/not-an-address/utxo')).status).toBe(400)
    expect(await esplora(`/tx/${'ab'.repeat(32)}`)).toMatchObject({
      status: 404,
      text: 'Transaction not found',
    })
    expect((await esplora('/tx/xyz')).status).toBe(400)
    expect((await esplora('/no/such/route')).status).toBe(404)
  })

  it('lets a browser page call it from any origin', async () => {
    const preflight = await esplora('/tx', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    const answer = await esplora('/blocks/tip/height')
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/)
  })

  it('refuses a taken port with an error naming the port', async () => {
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen({ port: 0, host: '127.0.0.1' }, resolve))
    const { port } = blocker.address() as { port: number }
    try {
      const attempt = startBitcoinDevnet({ port })
      await expect(attempt).rejects.toBeInstanceOf(PortInUseError)
      await expect(attempt).rejects.toThrow(`Port ${port} is already in use (Bitcoin devnet)`)
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
  })
})

describe('startBitcoinDevnet().stop', () => {
  it('closes the API and frees the port', async () => {
    const devnet = await startBitcoinDevnet({ port: 0 })
    await devnet.stop()
    await expect(fetch(`${devnet.devnet.esploraUrl}/blocks/tip/height`)).rejects.toThrow()
    const probe = createServer()
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject)
      probe.listen({ port: devnet.port, host: '127.0.0.1' }, resolve)
    })
    await new Promise((resolve) => probe.close(resolve))
  })
})
