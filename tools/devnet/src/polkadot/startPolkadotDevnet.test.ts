import { createServer, type Server } from 'node:net'
import '@polkadot/api-augment'
import { ApiPromise, WsProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PortInUseError } from '../errors.ts'
import { polkadotDevAccountPlanck, startPolkadotDevnet } from './startPolkadotDevnet.ts'

type World = Awaited<ReturnType<typeof startPolkadotDevnet>>
let world: World
let api: ApiPromise

beforeAll(async () => {
  world = await startPolkadotDevnet({ port: 0 })
  api = await ApiPromise.create({ provider: new WsProvider(world.devnet.wsUrl), noInitWarn: true })
}, 120_000)

afterAll(async () => {
  await api?.disconnect()
  await world?.stop()
})

const freeBalance = async (address: string) =>
  (await api.query.system.account(address)).data.free.toBigInt()

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('startPolkadotDevnet', () => {
  it('describes the chain as the node reports it', async () => {
    const { devnet } = world
    expect(devnet.wsUrl).toBe(`ws://127.0.0.1:${world.port}`)
    expect(devnet.genesisHash).toBe(api.genesisHash.toHex())
    expect(devnet.caipNetworkId).toBe(`polkadot:${api.genesisHash.toHex().slice(2, 34)}`)
    expect(devnet.ss58Prefix).toBe(api.consts.system.ss58Prefix.toNumber())
    expect(devnet).toMatchObject({ symbol: 'ROC', decimals: 12 })
    // Plain JSON: it goes into devnet.json as is.
    expect(JSON.parse(JSON.stringify(devnet))).toEqual(devnet)
  })

  it('gives 10 distinct dev accounts 1,000 ROC each', async () => {
    const { accounts } = world.devnet
    expect(accounts).toHaveLength(10)
    expect(new Set(accounts.map((account) => account.address)).size).toBe(10)
    expect(polkadotDevAccountPlanck).toBe(1_000n * 10n ** 12n)
    for (const account of accounts)
      expect(await freeBalance(account.address)).toBe(polkadotDevAccountPlanck)
  })

  it('derives each account as mnemonic//i, the key an extension would import', async () => {
    await cryptoWaitReady()
    const keyring = new Keyring({ type: 'sr25519', ss58Format: world.devnet.ss58Prefix })
    for (const account of world.devnet.accounts) {
      expect(account.derivationPath).toBe(`//${account.index}`)
      const pair = keyring.addFromUri(`${account.mnemonic}${account.derivationPath}`)
      expect(pair.address).toBe(account.address)
      expect(account.publicKey).toBe(`0x${Buffer.from(pair.publicKey).toString('hex')}`)
    }
  })

  it('puts a transfer signed with a dev key into a block on its own, and both balances agree', async () => {
    await cryptoWaitReady()
    const keyring = new Keyring({ type: 'sr25519', ss58Format: world.devnet.ss58Prefix })
    const [from, to] = world.devnet.accounts as [
      World['devnet']['accounts'][0],
      World['devnet']['accounts'][0],
    ]
    const alice = keyring.addFromUri(`${from.mnemonic}${from.derivationPath}`)
    const before = { from: await freeBalance(from.address), to: await freeBalance(to.address) }
    const amount = 10n ** 12n

    // Nothing calls dev_newBlock here: the chain must build the block by itself.
    const { blockHash, fee } = await new Promise<{ blockHash: string; fee: bigint }>(
      (resolve, reject) => {
        api.tx.balances
          .transferKeepAlive(to.address, amount)
          .signAndSend(alice, ({ status, events, dispatchError }) => {
            if (dispatchError) reject(new Error(dispatchError.toString()))
            // chopsticks sends InBlock, then Finalized 100 ms later, possibly before the client has
            // the subscription's id; the client keeps only the last update sent before it: on a
            // loaded machine Finalized is then the first (and only) status it reports.
            if (!status.isInBlock && !status.isFinalized) return
            // This runtime emits no fee event: the fee is what `Withdraw` took from the sender
            // less what a `Deposit` gave back to it (the refund of unused weight).
            const moved = (method: string) =>
              events
                .filter(({ event }) => event.section === 'balances' && event.method === method)
                .filter(({ event }) => event.data[0]!.toString() === from.address)
                .reduce((sum, { event }) => sum + BigInt(event.data[1]!.toString()), 0n)
            resolve({
              blockHash: (status.isInBlock ? status.asInBlock : status.asFinalized).toHex(),
              fee: moved('Withdraw') - moved('Deposit'),
            })
          })
          .catch(reject)
      },
    )

    expect(blockHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(fee).toBeGreaterThan(0n)
    expect(await freeBalance(to.address)).toBe(before.to + amount)
    expect(await freeBalance(from.address)).toBe(before.from - amount - fee)
    // chopsticks builds the block by running the runtime's WebAssembly: it took past 30 s
    // beside the other unit files on two cores (CI), so not the suite's default limit.
  }, 120_000)
})

describe('startPolkadotDevnet ports', () => {
  it('refuses a taken port with an error naming it', async () => {
    const server = await new Promise<Server>((resolve, reject) => {
      const listener = createServer()
      listener.once('error', reject)
      listener.listen({ port: 0, host: '127.0.0.1' }, () => resolve(listener))
    })
    const { port } = server.address() as { port: number }
    try {
      const attempt = startPolkadotDevnet({ port })
      await expect(attempt).rejects.toBeInstanceOf(PortInUseError)
      await expect(attempt).rejects.toThrow(`Port ${port} is already in use`)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('stop() ends chopsticks and frees the port', async () => {
    const other = await startPolkadotDevnet({ port: 0 })
    expect(isRunning(other.pid)).toBe(true)
    await other.stop()
    expect(isRunning(other.pid)).toBe(false)
    const probe = createServer()
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject)
      probe.listen({ port: other.port, host: '127.0.0.1', exclusive: true }, () => resolve())
    })
    await new Promise((resolve) => probe.close(resolve))
    // A second stop is harmless.
    await other.stop()
  }, 120_000)
})
