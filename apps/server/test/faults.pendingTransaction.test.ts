// The server process killed (SIGKILL) between "transaction signed and broadcast" and "confirmed".
// The server keeps no pending transaction: the visitor's app holds what it sent
// (`pendingTransactions`, shown as pending in Activity until the history lists it), the wallet
// signs and broadcasts to the chain's node, and the server's history is what its indexer read from
// mined blocks, resumed from a cursor stored with the rows, with idempotent writes. So a crash at
// that point loses nothing and, once the block is mined, the history lists the transaction once.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  addPendingTransaction,
  createFoyer,
  createMemoryStorage,
  createStorage,
  getTokenBalances,
  getTransactionHistory,
} from '@foyer/core'
import { anvil as anvilNetwork } from '@foyer/core/networks'
import { anvilDevAccounts, type StartAnvilReturnType, startAnvil } from '@foyer/devnet'
import {
  createTestClient,
  createWalletClient,
  formatEther,
  type Hash,
  http,
  parseEther,
  publicActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase } from '../src/db/createDatabase.ts'
import { freePort } from './support/freePort.ts'
import {
  type StartServerProcessReturnType,
  startServerProcess,
} from './support/startServerProcess.ts'

const chainId = 31337
const network = `eip155:${chainId}` as const

describe('server killed between "transaction signed" and "confirmed" (PGlite on disk)', () => {
  let tempDir: string
  let anvil: StartAnvilReturnType | undefined
  let env: Record<string, string>
  let server: StartServerProcessReturnType | undefined

  const start = async () => {
    server = await startServerProcess({ env, args: ['--dev'], startTimeoutMs: 180_000 })
    return server
  }
  /** SIGKILL: no shutdown hook runs, as in a crash or an OOM kill. */
  const crash = async () => {
    const running = server!
    server = undefined
    await running.crash()
  }

  beforeAll(async () => {
    tempDir = mkdtempSync(join(tmpdir(), 'foyer-faults-pending-'))
    anvil = await startAnvil({ chainId, port: 0 })
    env = {
      FOYER_DATA_DIR: tempDir,
      // A fixed port: the visitor's app keeps talking to the same server URL across restarts.
      FOYER_PORT: String(await freePort()),
      // `--dev` also serves the embedded wallet's frame: on a free port, not the world's.
      FOYER_FRAME_PORT: String(await freePort()),
      FOYER_RPC_URLS: `${chainId}=${anvil.rpcUrl}`,
      // viem knows 31337 as a public network: its history is kept only when listed here.
      FOYER_INDEX_CHAINS: String(chainId),
      FOYER_RATE_LIMIT_IP: '0',
      FOYER_REGISTRY_FILE: '',
    }
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await anvil?.stop()
    if (tempDir) rmSync(tempDir, { recursive: true, force: true })
  })

  it('lists the transaction once after the restart, with the right balances', async () => {
    const chain = createTestClient({ mode: 'anvil', transport: http(anvil!.rpcUrl) }).extend(
      publicActions,
    )
    const sender = createWalletClient({
      account: privateKeyToAccount(anvilDevAccounts()[0]!.privateKey),
      transport: http(anvil!.rpcUrl),
    }).extend(publicActions)
    const receiver = privateKeyToAccount(`0x${'5'.repeat(64)}`).address
    // Blocks are mined when the test says so: a sent transaction stays pending until then.
    await chain.setAutomine(false)

    await start()
    // The visitor's app, pointed at the server.
    const visitor = () =>
      createFoyer({
        networks: [anvilNetwork],
        serverUrl: server!.url,
        projectId: 'foyer-dev',
        storage: createStorage({ storage: createMemoryStorage() }),
      })
    const hashesIn = async (account: string) =>
      (await getTransactionHistory(visitor(), { address: account, network })).data.map(
        (transaction) => transaction.metadata.hash,
      )
    const waitForHistory = async (account: string, hash: Hash) =>
      expect
        .poll(async () => (await hashesIn(account)).includes(hash), {
          timeout: 60_000,
          interval: 250,
        })
        .toBe(true)

    // Indexing is live before the crash: a first transfer, mined, shows in the history. (A server
    // that never indexed starts its cursor at the head it first sees.)
    const warmUp = await sender.sendTransaction({
      to: receiver,
      value: parseEther('1'),
      chain: null,
    })
    await chain.mine({ blocks: 1 })
    await waitForHistory(receiver, warmUp)

    // Signed and broadcast: the node holds it, nothing is mined. The app keeps it as pending.
    const app = visitor()
    const value = parseEther('0.25')
    const hash = await sender.sendTransaction({ to: receiver, value, chain: null })
    addPendingTransaction(app, {
      transaction: {
        hash,
        caipNetworkId: network,
        from: sender.account.address,
        to: receiver,
        amount: formatEther(value),
        symbol: 'ETH',
        sentAt: Date.now(),
      },
    })
    expect(await chain.getTransactionReceipt({ hash }).catch(() => undefined)).toBeUndefined()
    expect(await hashesIn(sender.account.address)).not.toContain(hash)

    await crash()
    // Confirmed while the server is down.
    await chain.mine({ blocks: 1 })
    const receipt = await chain.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')

    await start()
    await waitForHistory(sender.account.address, hash)
    // Once in each side's history: no loss, no duplicate; the app's pending entry is the same
    // transaction (Activity hides a pending entry the history lists).
    const senderHashes = await hashesIn(sender.account.address)
    expect(senderHashes.filter((listed) => listed === hash)).toHaveLength(1)
    expect(senderHashes.filter((listed) => listed === warmUp)).toHaveLength(1)
    const receiverHashes = await hashesIn(receiver)
    expect(receiverHashes.filter((listed) => listed === hash)).toHaveLength(1)
    const [entry] = (
      await getTransactionHistory(app, { address: sender.account.address, network })
    ).data.filter((transaction) => transaction.metadata.hash === hash)
    expect(entry?.metadata.status).toBe('confirmed')
    expect(app.getState().pendingTransactions.map((pending) => pending.hash)).toEqual([hash])

    // Balances, as the server reads them, are the chain's: 1.25 ETH received, once.
    const ether = async (address: string) =>
      (await getTokenBalances(visitor(), { address, network, force: true })).find(
        (token) => token.symbol === 'ETH',
      )?.quantity.numeric
    expect(await ether(receiver)).toBe('1.25')
    const senderBalance = await chain.getBalance({ address: sender.account.address })
    expect(await ether(sender.account.address)).toBe(formatEther(senderBalance))

    // A second crash after indexing, a block mined meanwhile, and a restart: still once (the
    // cursor is stored with the rows, and re-written rows replace themselves).
    await crash()
    await chain.mine({ blocks: 1 })
    await start()
    const afterSecondCrash = await hashesIn(receiver)
    expect(afterSecondCrash.filter((listed) => listed === hash)).toHaveLength(1)
    expect(afterSecondCrash).toHaveLength(2)
    await server!.stop()
    server = undefined

    const database = await createDatabase({ dataDir: tempDir })
    try {
      const transactions = await database.db
        .selectFrom('chain_transactions')
        .select('hash')
        .where('hash', '=', hash)
        .execute()
      expect(transactions).toHaveLength(1)
      const activity = await database.db
        .selectFrom('account_activity')
        .select('account')
        .where('hash', '=', hash)
        .orderBy('account')
        .execute()
      expect(activity.map((row) => row.account).sort()).toEqual(
        [sender.account.address.toLowerCase(), receiver.toLowerCase()].sort(),
      )
    } finally {
      await database.destroy()
    }
  }, 600_000)
})
