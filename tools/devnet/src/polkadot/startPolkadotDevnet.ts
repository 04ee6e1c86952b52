import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// Types of the FRAME pallets' queries and constants (`api.consts.system`, …).
import '@polkadot/api-augment'
import { ApiPromise, WsProvider } from '@polkadot/api'
import { assertPortFree } from '../assertPortFree.ts'
import { PortInUseError } from '../errors.ts'
import { ChopsticksStartError, PolkadotFundingError } from './errors.ts'
import { derivePolkadotDevAccounts } from './polkadotDevAccounts.ts'
import { resolveChopsticksCli } from './resolveChopsticksCli.ts'
import type { PolkadotDevAccount, PolkadotDevnet } from './types.ts'

export type StartPolkadotDevnetParameters = {
  /** Port on 127.0.0.1 for WebSocket and HTTP JSON-RPC; 0 lets the OS pick one. Default 9944. */
  port?: number | undefined
  /**
   * Give up waiting for the chain after this long. Default 180 s: it needs ~3 s on its own, but
   * it took 43-59 s to answer on a two-core runner at load 20-28.
   */
  timeoutMs?: number | undefined
}

export type StartPolkadotDevnetReturnType = {
  devnet: PolkadotDevnet
  port: number
  pid: number
  /** Kills chopsticks and resolves once the port is free again. Safe to call twice. */
  stop: () => Promise<void>
}

export type StartPolkadotDevnetErrorType =
  | PortInUseError
  | ChopsticksStartError
  | PolkadotFundingError

/** 1,000 ROC (12 decimals) per dev account. */
export const polkadotDevAccountPlanck = 1_000n * 10n ** 12n

const host = '127.0.0.1'
const service = 'Polkadot devnet (chopsticks)'
const outputTailLength = 4000

/**
 * Starts a local Polkadot-SDK chain: chopsticks in genesis mode on the Rococo Asset Hub chain spec
 * that `@substrate/connect-known-chains` ships (runtime statemine 900, ROC, SS58 prefix 2), so it
 * needs no network. 10 sr25519 dev accounts get 1,000 ROC each. Blocks are built in chopsticks'
 * `Instant` mode: every submitted extrinsic is in a block right away, so a wallet's `signAndSend`
 * reaches `isInBlock` without anything poking the chain.
 */
export async function startPolkadotDevnet(
  parameters: StartPolkadotDevnetParameters = {},
): Promise<StartPolkadotDevnetReturnType> {
  const { port = 9944, timeoutMs = 180_000 } = parameters
  if (port !== 0) await assertPortFree({ port, service })

  const directory = mkdtempSync(join(tmpdir(), 'foyer-polkadot-'))
  const genesisFile = join(directory, 'rococo-asset-hub.json')
  const { chainSpec } = await import('@substrate/connect-known-chains/rococo_v2_2_asset_hub')
  writeFileSync(genesisFile, chainSpec)

  const child = spawn(
    process.execPath,
    [
      resolveChopsticksCli(),
      '--genesis',
      genesisFile,
      '--host',
      host,
      '--port',
      String(port),
      '--build-block-mode',
      'Instant',
      // No `--db`: chopsticks' storage cache is SQLite, whose native module the root package.json
      // keeps from being compiled at install (`allowScripts`: two minutes of every `npm ci`).
    ],
    // Its own directory: chopsticks may leave files (a database, logs) where it runs.
    { cwd: directory, stdio: ['ignore', 'pipe', 'pipe'] },
  )

  // chopsticks logs every block; keep draining its pipes (a full pipe would block it) and keep
  // only the tail for error messages.
  let output = ''
  let listeningPort: number | undefined
  const onOutput = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-outputTailLength)
    if (listeningPort === undefined) {
      const match = /listening on http:\/\/[\d.]+:(\d+)/i.exec(output)
      if (match) listeningPort = Number(match[1])
    }
  }
  child.stdout.on('data', onOutput)
  child.stderr.on('data', onOutput)

  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
  let spawnError: Error | undefined
  child.once('error', (error) => {
    spawnError = error
  })
  // If this process exits without calling stop(), do not leave the chain behind.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)

  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      process.removeListener('exit', killOnExit)
      await killAndWait(child, exited)
      if (listeningPort !== undefined) await waitForPortFree(listeningPort)
      rmSync(directory, { recursive: true, force: true })
    })()
    return stopping
  }

  try {
    const deadline = Date.now() + timeoutMs
    let genesisHash: string | undefined
    while (genesisHash === undefined) {
      if (spawnError) throw spawnError
      if (child.exitCode !== null || child.signalCode !== null) {
        // chopsticks lost a race for the port between our check and its bind.
        if (/EADDRINUSE|address already in use/i.test(output))
          throw new PortInUseError({ port, service })
        throw new ChopsticksStartError({
          reason: `it exited with ${child.exitCode ?? child.signalCode}`,
          output,
        })
      }
      if (Date.now() > deadline)
        throw new ChopsticksStartError({ reason: `no answer within ${timeoutMs} ms`, output })
      if (listeningPort !== undefined)
        genesisHash = await readGenesisHash(`http://${host}:${listeningPort}`)
      if (genesisHash === undefined) await sleep(50)
    }
    const wsUrl = `ws://${host}:${listeningPort}`
    const { accounts, ss58Prefix, symbol, decimals } = await fundDevAccounts(wsUrl)
    return {
      devnet: {
        wsUrl,
        genesisHash,
        caipNetworkId: `polkadot:${genesisHash.slice(2, 34)}`,
        ss58Prefix,
        symbol,
        decimals,
        accounts,
      },
      port: listeningPort!,
      pid: child.pid!,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Gives the 10 dev accounts their ROC and puts that in a block; reads the chain's formats. */
async function fundDevAccounts(wsUrl: string): Promise<{
  accounts: PolkadotDevAccount[]
  ss58Prefix: number
  symbol: string
  decimals: number
}> {
  const provider = new WsProvider(wsUrl)
  const api = await ApiPromise.create({ provider, noInitWarn: true, throwOnConnect: true }).catch(
    async (cause: unknown) => {
      // The provider would keep reconnecting: stop it before giving up.
      await provider.disconnect()
      throw new PolkadotFundingError({ cause })
    },
  )
  try {
    const ss58Prefix = api.consts.system.ss58Prefix.toNumber()
    const derived = await derivePolkadotDevAccounts({ count: 10, ss58Prefix })
    const accounts = derived.map((entry) => entry.account)
    // Genesis gives the dev keys nothing: chopsticks writes their balances into the state.
    await provider.send('dev_setStorage', [
      {
        System: {
          Account: accounts.map(({ address }) => [
            [address],
            { providers: 1, data: { free: polkadotDevAccountPlanck.toString() } },
          ]),
        },
      },
    ])
    await provider.send('dev_newBlock', [])
    return {
      accounts,
      ss58Prefix,
      symbol: api.registry.chainTokens[0] ?? 'ROC',
      decimals: api.registry.chainDecimals[0] ?? 12,
    }
  } catch (cause) {
    throw cause instanceof PolkadotFundingError ? cause : new PolkadotFundingError({ cause })
  } finally {
    await api.disconnect()
  }
}

async function readGenesisHash(httpUrl: string): Promise<string | undefined> {
  try {
    const response = await fetch(httpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'chain_getBlockHash', params: [0] }),
    })
    const body = (await response.json()) as { result?: unknown }
    return typeof body.result === 'string' ? body.result : undefined
  } catch {
    return undefined
  }
}

async function killAndWait(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const killed = await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)])
  if (!killed) {
    child.kill('SIGKILL')
    await exited
  }
}

/** The exit closes the listening socket; a probe confirms it before `stop()` resolves. */
async function waitForPortFree(port: number): Promise<void> {
  const deadline = Date.now() + 5_000
  for (;;) {
    try {
      await assertPortFree({ port, service })
      return
    } catch (error) {
      if (!(error instanceof PortInUseError) || Date.now() > deadline) throw error
      await sleep(50)
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
