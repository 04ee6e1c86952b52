import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anvilDevAccounts, devnetGalleryAccount } from './accounts.ts'
import { PortInUseError } from './errors.ts'
import { readDevnet } from './readDevnet.ts'
import { type StartDevnetReturnType, startDevnet } from './startDevnet.ts'

let directory: string
let outFile: string
let world: StartDevnetReturnType

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'foyer-devnet-'))
  outFile = join(directory, 'nested', 'devnet.json')
  world = await startDevnet({
    chains: [
      { chainId: 31337, port: 0 },
      { chainId: 31338, port: 0 },
    ],
    outFile,
  })
})

afterAll(async () => {
  await world?.stop()
  await rm(directory, { recursive: true, force: true })
})

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function listenOn(port: number): Promise<Server> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port, host: '127.0.0.1' }, resolve)
  })
  return server
}

async function expectPortFree(port: number): Promise<void> {
  const probe = await listenOn(port)
  await new Promise((resolve) => probe.close(resolve))
}

describe('startDevnet', () => {
  it('starts two named chains that each report their own chain id', async () => {
    const { chains } = world.devnet
    expect(chains.map((chain) => [chain.chainId, chain.name])).toEqual([
      [31337, 'Foyer Devnet A'],
      [31338, 'Foyer Devnet B'],
    ])
    for (const chain of chains) {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      expect(await client.getChainId()).toBe(chain.chainId)
      expect(chain.nativeCurrency).toEqual({ name: 'Ether', symbol: 'ETH', decimals: 18 })
    }
  })

  it('deploys every contract at the same address on both chains', () => {
    const [chainA, chainB] = world.devnet.chains
    expect(chainA!.contracts).toEqual(chainB!.contracts)
    expect(chainA!.pools).toEqual(chainB!.pools)
    for (const address of Object.values(chainA!.contracts)) {
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    }
  })

  it('describes the 10 anvil dev accounts with their keys', () => {
    expect(world.devnet.accounts).toEqual(anvilDevAccounts())
    expect(world.devnet.accounts).toHaveLength(10)
    expect(world.devnet.accounts[0]!.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  })

  it('describes the gallery account, which is none of the dev accounts', () => {
    expect(world.devnet.galleryAccount).toEqual(devnetGalleryAccount())
    expect(world.devnet.accounts.map((account) => account.address)).not.toContain(
      devnetGalleryAccount().address,
    )
  })

  it('writes a devnet file that readDevnet returns unchanged', async () => {
    expect(await readDevnet(outFile)).toEqual(world.devnet)
  })

  it('fails with the port in the error and leaves no node running when a port is taken', async () => {
    // Ports the OS hands out: fixed ones may be taken on a shared machine.
    const blocker = await listenOn(0)
    const taken = (blocker.address() as { port: number }).port
    const probe = await listenOn(0)
    const free = (probe.address() as { port: number }).port
    await new Promise((resolve) => probe.close(resolve))
    try {
      const attempt = startDevnet({
        chains: [
          { chainId: 31337, port: free },
          { chainId: 31338, port: taken },
        ],
      })
      await expect(attempt).rejects.toBeInstanceOf(PortInUseError)
      await expect(attempt).rejects.toThrow(`Port ${taken} is already in use (anvil chain 31338)`)
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
    // The chain that did start on the free port was stopped again.
    await expectPortFree(free)
  })
})

describe('startDevnet().stop', () => {
  it('ends every node process and frees their ports', async () => {
    const { nodes, stop } = await startDevnet({
      chains: [
        { chainId: 31337, port: 0 },
        { chainId: 31338, port: 0 },
      ],
    })
    expect(nodes.map((node) => isRunning(node.pid))).toEqual([true, true])
    await stop()
    expect(nodes.map((node) => isRunning(node.pid))).toEqual([false, false])
    for (const node of nodes) await expectPortFree(node.port)
  })
})

describe('startDevnet({ solana })', () => {
  it('also serves the Solana devnet, described in the devnet, and stops it', async () => {
    const { devnet, stop } = await startDevnet({
      chains: [{ chainId: 31337, port: 0 }],
      solana: { port: 0 },
    })
    const solana = devnet.solana!
    const health = async () => {
      const response = await fetch(solana.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash' }),
      })
      return ((await response.json()) as { result: string }).result
    }
    try {
      expect(await health()).toBe(solana.genesisHash)
      expect(solana.accounts).toHaveLength(10)
    } finally {
      await stop()
    }
    await expect(health()).rejects.toThrow()
  })
})

describe('startDevnet({ bitcoin })', () => {
  it('also serves the Bitcoin regtest devnet, written to the devnet file, and stops it', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'foyer-devnet-bitcoin-'))
    const file = join(directory, 'devnet.json')
    const { devnet, stop } = await startDevnet({
      chains: [{ chainId: 31337, port: 0 }],
      bitcoin: { port: 0 },
      outFile: file,
    })
    const bitcoin = devnet.bitcoin!
    const tipHeight = async () =>
      Number(await (await fetch(`${bitcoin.esploraUrl}/blocks/tip/height`)).text())
    try {
      expect(bitcoin.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
      expect(bitcoin.accounts).toHaveLength(10)
      expect(await tipHeight()).toBeGreaterThan(500)
      expect((await readDevnet(file)).bitcoin).toEqual(bitcoin)
    } finally {
      await stop()
      await rm(directory, { recursive: true, force: true })
    }
    await expect(tipHeight()).rejects.toThrow()
  })
})
