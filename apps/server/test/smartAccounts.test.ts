import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bundlerServerEnv, type StartBundlerReturnType, startBundler } from '@foyer/bundler'
import { devnetBundlerAccounts, type StartDevnetReturnType, startDevnet } from '@foyer/devnet'
import { type GetConfigResponse, getConfigResponse } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canonicalAccountAbstraction, parseBundlerUrls } from '../src/chains/smartAccounts.ts'
import { readServerOptions } from '../src/config.ts'
import { createEmbeddedWallet } from '../src/embedded/createEmbeddedWallet.ts'
import { ConfigError } from '../src/errors.ts'
import { createServer, devProjectId } from '../src/http/createServer.ts'

const configUrl = `/appkit/v1/config?projectId=${devProjectId}&st=foyer&sv=foyer-test`

let directory: string
let devnetFile: string
let devnet: StartDevnetReturnType
let bundler: StartBundlerReturnType
const servers: FastifyInstance[] = []

async function serverWith(env: Record<string, string>) {
  const {
    host: _host,
    port: _port,
    ...options
  } = readServerOptions({
    FOYER_DEVNET_FILE: devnetFile,
    ...env,
  })
  const server = await createServer({
    ...options,
    dataDir: 'memory://',
    dev: true,
    logger: false,
    rateLimit: false,
    indexer: { enabled: false },
  })
  servers.push(server)
  return server
}

async function configOf(server: FastifyInstance): Promise<GetConfigResponse> {
  const response = await server.inject({ url: configUrl })
  expect(response.statusCode).toBe(200)
  return v.parse(getConfigResponse, response.json())
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'foyer-smart-accounts-'))
  devnetFile = join(directory, 'devnet.json')
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }], outFile: devnetFile })
  const { executor, utility } = devnetBundlerAccounts()
  bundler = await startBundler({
    rpcUrl: devnet.devnet.chains[0]!.rpcUrl,
    port: 0,
    executorKey: executor.privateKey,
    utilityKey: utility.privateKey,
  })
})

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await bundler?.stop()
  await devnet?.stop()
  rmSync(directory, { recursive: true, force: true })
})

/** What the devnet deployed on chain A, as the server lists it. */
const devnetSmartAccountContracts = () => {
  const { contracts } = devnet.devnet.chains[0]!
  return {
    entryPoint: contracts.entryPoint07,
    factory: contracts.simpleFactory,
    implementation: contracts.hybridDeleGatorImpl,
    delegationManager: contracts.delegationManager,
    enforcers: {
      timestamp: contracts.timestampEnforcer,
      allowedTargets: contracts.allowedTargetsEnforcer,
      allowedMethods: contracts.allowedMethodsEnforcer,
      erc20TransferAmount: contracts.erc20TransferAmountEnforcer,
      valueLte: contracts.valueLteEnforcer,
    },
  }
}

describe('smart-account networks in /appkit/v1/config', () => {
  it('lists each FOYER_BUNDLER_URLS network with the EntryPoint and Delegation Framework of the devnet file', async () => {
    const server = await serverWith(bundlerServerEnv([{ chainId: 31337, url: bundler.url }]))
    const { smartAccounts } = await configOf(server)
    expect(smartAccounts).toEqual([
      { chainId: 'eip155:31337', bundlerUrl: bundler.url, ...devnetSmartAccountContracts() },
    ])
    // What it lists is a real bundler of that EntryPoint, on that chain.
    const ask = async (method: string) => {
      const response = await fetch(smartAccounts![0]!.bundlerUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
      })
      return ((await response.json()) as { result: unknown }).result
    }
    expect(await ask('eth_supportedEntryPoints')).toEqual([smartAccounts![0]!.entryPoint])
    expect(await ask('eth_chainId')).toBe('0x7a69')
  })

  it("gives the secure frame the bundlers: in its page's config and its connect-src", async () => {
    const server = await serverWith(bundlerServerEnv([{ chainId: 31337, url: bundler.url }]))
    const embedded = await createEmbeddedWallet({
      server,
      dev: true,
      dataDir: directory,
      host: '127.0.0.1',
      framePort: 0,
      sessionSecret: randomBytes(32).toString('hex'),
      shareKey: randomBytes(32).toString('hex'),
      rateLimit: false,
      logger: false,
    })
    await server.ready()
    const page = await embedded!.frame.inject({ url: `/frame?projectId=${devProjectId}` })
    expect(page.statusCode).toBe(200)
    const connectSrc = /connect-src ([^;]*)/.exec(page.headers['content-security-policy'] as string)
    expect(connectSrc?.[1]?.split(' ')).toContain(bundler.url)
    const config = JSON.parse(
      /<script type="application\/json" id="foyer-frame-config">(.*?)<\/script>/s.exec(
        page.body,
      )![1]!,
    ) as { smartAccounts?: Record<string, unknown> }
    expect(config.smartAccounts).toEqual({
      31337: { bundlerUrl: bundler.url, ...devnetSmartAccountContracts() },
    })
  })

  it('lists none without bundlers (the field is absent)', async () => {
    const config = await configOf(await serverWith({}))
    expect(config).not.toHaveProperty('smartAccounts')
    expect(config.features.email).toBe(true)
  })

  it('uses the canonical addresses when the devnet file predates ERC-4337', async () => {
    const { chainId } = devnet.devnet.chains[0]!
    const server = await createServer({
      dataDir: 'memory://',
      dev: true,
      logger: false,
      indexer: { enabled: false },
      chains: [
        {
          chainId,
          name: 'Old devnet',
          rpcUrl: devnet.devnet.chains[0]!.rpcUrl,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          tokens: [],
          indexer: { enabled: false },
        },
      ],
      bundlerUrls: [{ chainId, url: 'http://127.0.0.1:4337' }],
    })
    servers.push(server)
    expect((await configOf(server)).smartAccounts).toEqual([
      {
        chainId: 'eip155:31337',
        bundlerUrl: 'http://127.0.0.1:4337',
        ...canonicalAccountAbstraction,
      },
    ])
  })

  it('refuses a bundler for a network the server does not serve', async () => {
    await expect(serverWith({ FOYER_BUNDLER_URLS: '31338=http://127.0.0.1:4338' })).rejects.toThrow(
      /FOYER_BUNDLER_URLS lists chain 31338, which this server does not serve/,
    )
  })
})

describe('FOYER_BUNDLER_URLS', () => {
  it('takes bare and CAIP-2 chain ids, comma-separated', () => {
    expect(
      parseBundlerUrls(' eip155:31337=http://127.0.0.1:4337 , 31338=https://bundler.example/rpc '),
    ).toEqual([
      { chainId: 31337, url: 'http://127.0.0.1:4337' },
      { chainId: 31338, url: 'https://bundler.example/rpc' },
    ])
    expect(parseBundlerUrls(undefined)).toBeUndefined()
    expect(parseBundlerUrls('  ')).toBeUndefined()
    expect(readServerOptions({ FOYER_BUNDLER_URLS: '1=https://b.example' }).bundlerUrls).toEqual([
      { chainId: 1, url: 'https://b.example' },
    ])
  })

  it.each([
    ['31337', 'is not chainId=http(s)'],
    ['31337=ws://127.0.0.1:4337', 'is not chainId=http(s)'],
    ['solana:abc=http://127.0.0.1:1', 'is not chainId=http(s)'],
    ['0=http://127.0.0.1:4337', 'has no valid chain id'],
    ['1=http://a.example,eip155:1=http://b.example', 'lists chain 1 twice'],
  ])('refuses %s', (value, message) => {
    expect(() => readServerOptions({ FOYER_BUNDLER_URLS: value })).toThrow(ConfigError)
    expect(() => parseBundlerUrls(value)).toThrow(message)
  })
})
