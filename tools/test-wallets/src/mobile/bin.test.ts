import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const binPath = resolve(import.meta.dirname, 'bin.ts')
const cleanups: Array<() => Promise<void>> = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function writeDevnetFile(content: string) {
  const dir = await mkdtemp(join(tmpdir(), 'foyer-mobile-wallet-bin-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  const file = join(dir, 'devnet.json')
  await writeFile(file, content)
  return file
}

function run(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', binPath, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<number | null>((resolveExit) =>
    child.once('exit', (code) => resolveExit(code)),
  )
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  return { child, exited, output: () => output }
}

function waitForListening(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolveUrl, reject) => {
    const check = () => {
      const match = /Mobile test wallet listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output())
      if (match) resolveUrl(match[1]!)
    }
    child.stdout!.on('data', check)
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output()}`)))
    check()
  })
}

describe('mobile test wallet CLI', () => {
  it('serves the wallet page and exits cleanly on SIGTERM', async () => {
    const devnetFile = await writeDevnetFile(
      JSON.stringify({
        chains: [{ chainId: 31337, name: 'Devnet A', rpcUrl: 'http://127.0.0.1:8545' }],
        accounts: [
          {
            address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
            privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
          },
        ],
      }),
    )
    const { child, exited, output } = run(['--port', '0', '--devnet', devnetFile])
    const url = await waitForListening(child, output)
    const page = await fetch(url)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>Foyer mobile test wallet</title>')
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })

  it('explains a devnet file without chains and exits with 1', async () => {
    const devnetFile = await writeDevnetFile(JSON.stringify({ chains: [], accounts: [] }))
    const { exited, output } = run(['--port', '0', '--devnet', devnetFile])
    expect(await exited).toBe(1)
    expect(output()).toContain(`The devnet file ${devnetFile} cannot be used`)
  })
})
