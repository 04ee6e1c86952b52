import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Devnet, type DevnetContracts, devnetOnRampTreasury } from '@foyer/devnet'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { signCdpJwt } from './cdpJwt.ts'
import { createOnRampSandboxKey } from './createOnRampSandboxKey.ts'

const binPath = fileURLToPath(new URL('./bin.ts', import.meta.url))
const children: ChildProcess[] = []
let directory: string
let devnetFile: string
let publicKeyFile: string
const key = createOnRampSandboxKey('cli-key')

// The sandbox reads the chains only to quote and deliver; the options need none running.
const address = (digit: string) => `0x${digit.repeat(40)}` as const
const devnet: Devnet = {
  chains: [
    {
      chainId: 31337,
      name: 'Foyer Devnet A',
      rpcUrl: 'http://127.0.0.1:9',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      contracts: {
        usdc: address('1'),
        dai: address('2'),
        weth: address('3'),
        uniswapV2Factory: address('4'),
        uniswapV2Router02: address('5'),
        nft: address('6'),
        ensRegistry: address('7'),
        ensPublicResolver: address('8'),
        ensReverseRegistrar: address('9'),
        ensUniversalResolver: address('a'),
        // Only what the sandbox reads matters here.
      } as DevnetContracts,
      tokens: [{ address: address('1'), symbol: 'USDC', name: 'USD Coin (Devnet)', decimals: 6 }],
      pools: [],
    },
  ],
  accounts: [],
  deployer: devnetOnRampTreasury(),
  onRampTreasury: devnetOnRampTreasury(),
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'foyer-onramp-cli-'))
  devnetFile = join(directory, 'devnet.json')
  publicKeyFile = join(directory, 'key.pem')
  await writeFile(devnetFile, JSON.stringify(devnet))
  await writeFile(publicKeyFile, key.publicKeyPem)
})

afterAll(async () => {
  await rm(directory, { recursive: true, force: true })
})

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

function spawnCli(...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', binPath, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout!.setEncoding('utf8')
  child.stderr!.setEncoding('utf8')
  child.stdout!.on('data', (chunk: string) => {
    output += chunk
  })
  child.stderr!.on('data', (chunk: string) => {
    output += chunk
  })
  return { child, output: () => output }
}

async function waitFor(
  child: ChildProcess,
  output: () => string,
  pattern: RegExp,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const check = () => {
      if (pattern.test(output())) resolve(output())
    }
    child.stdout!.on('data', check)
    child.once('exit', (code) => reject(new Error(`CLI exited with ${code}:\n${output()}`)))
    check()
  })
}

describe('on-ramp sandbox CLI', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'prints its URL, answers with the given key and exits cleanly on %s',
    async (signal) => {
      const { child, output } = spawnCli(
        '--port',
        '0',
        '--devnet',
        devnetFile,
        '--api-key-name',
        key.name,
        '--public-key-file',
        publicKeyFile,
      )
      const text = await waitFor(child, output, /\n/)
      const match = /^On-ramp sandbox listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(text)
      expect(match).not.toBeNull()
      const url = new URL('/onramp/v1/buy/options', match![1])
      const jwt = await signCdpJwt({
        apiKeyName: key.name,
        privateKeyPem: key.privateKeyPem,
        method: 'GET',
        host: url.host,
        path: url.pathname,
      })
      url.searchParams.set('country', 'US')
      const response = await fetch(url, { headers: { authorization: `Bearer ${jwt}` } })
      expect(response.status).toBe(200)
      const body = (await response.json()) as { purchaseCurrencies: { symbol: string }[] }
      expect(body.purchaseCurrencies.map((currency) => currency.symbol)).toEqual(['ETH', 'USDC'])
      expect(output()).not.toContain('FOYER_ONRAMP_API_KEY_SECRET')

      child.kill(signal)
      const [code] = await once(child, 'exit')
      expect(code).toBe(0)
    },
  )

  it('makes a key when given none and prints the server environment', async () => {
    const { child, output } = spawnCli('--port', '0', '--devnet', devnetFile, '--eur-usd', '1.1')
    const text = await waitFor(child, output, /FOYER_ONRAMP_EUR_USD=.*\n/)
    const url = /listening on (\S+)/.exec(text)![1]
    expect(text).toContain(`FOYER_ONRAMP_API_URL=${url}\n`)
    expect(text).toContain(`FOYER_ONRAMP_PAY_URL=${url}\n`)
    expect(text).toContain('FOYER_ONRAMP_API_KEY_NAME=foyer-onramp-sandbox\n')
    expect(text).toMatch(/FOYER_ONRAMP_API_KEY_SECRET="-----BEGIN PRIVATE KEY-----\\n[^"]+"\n/)
    expect(text).toContain('FOYER_ONRAMP_PROVIDER_NAME=Foyer Sandbox\n')
    expect(text).toContain('FOYER_ONRAMP_EUR_USD=1.1\n')
    child.kill('SIGTERM')
    expect((await once(child, 'exit'))[0]).toBe(0)
  })

  it.each([
    [['--port', 'abc'], '--port must be an integer'],
    [['--port', '0', '--bogus'], "Unknown option '--bogus'"],
    [['--port', '0', '--eur-usd', 'lots'], '--eur-usd must be a number'],
    [['--port', '0', '--devnet', '/nonexistent/devnet.json'], 'cannot be read'],
  ])('refuses %j with exit code 2', async (args, message) => {
    const { child, output } = spawnCli(...args)
    const [code] = await once(child, 'exit')
    expect(code).toBe(2)
    expect(output()).toContain(message)
  })
})
