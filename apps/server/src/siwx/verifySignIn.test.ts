import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '../../../..')
const source = (path: string) => pathToFileURL(resolve(import.meta.dirname, path)).href

/** Module URLs of each chain's code: its Foyer adapter and its libraries. */
const chainCode = {
  bitcoin: /\/(?:packages|@foyer)\/bitcoin\//,
  cosmos: /\/(?:packages|@foyer)\/cosmos\/|\/@cosmjs\//,
  polkadot: /\/(?:packages|@foyer)\/polkadot\/|\/@polkadot\//,
}

describe('verifySignIn', () => {
  it('loads no Bitcoin, Cosmos or Polkadot code until a sign-in of that namespace is checked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-siwx-lazy-'))
    try {
      const log = join(dir, 'modules.log')
      // A resolve hook that writes down every module the process loads, in order.
      writeFileSync(
        join(dir, 'hook.mjs'),
        `import { appendFileSync } from 'node:fs'
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context)
  appendFileSync(${JSON.stringify(log)}, result.url + '\\n')
  return result
}`,
      )
      writeFileSync(
        join(dir, 'register.mjs'),
        `import { register } from 'node:module'\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hook.mjs')).href)})`,
      )
      const mark = (name: string) =>
        `appendFileSync(${JSON.stringify(log)}, ${JSON.stringify(`--- ${name}\n`)})`
      // The whole server, then one check of each namespace with a signature of the right form
      // that signs nothing (the adapter must be asked, and says no).
      writeFileSync(
        join(dir, 'main.mts'),
        `import { appendFileSync } from 'node:fs'
await import(${JSON.stringify(source('../http/createServer.ts'))})
${mark('server')}
const refused = (check: Promise<unknown>) => check.then(() => { throw new Error('accepted') }, (error) => {
  if (error.name !== 'SiwxSignatureMismatchError') throw error
})
const { verifyPolkadotSignIn } = await import(${JSON.stringify(source('./verifyPolkadotSignIn.ts'))})
await refused(verifyPolkadotSignIn({ text: 'x', address: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY', signature: '0x' + '00'.repeat(64) }))
${mark('polkadot')}
const { verifyCosmosSignIn } = await import(${JSON.stringify(source('./verifyCosmosSignIn.ts'))})
const key = Buffer.alloc(33, 2).toString('base64')
await refused(verifyCosmosSignIn({ text: 'x', address: 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02', signature: JSON.stringify({ pub_key: { type: 'tendermint/PubKeySecp256k1', value: key }, signature: Buffer.alloc(64, 1).toString('base64') }) }))
${mark('cosmos')}
const { verifyBitcoinSignIn } = await import(${JSON.stringify(source('./verifyBitcoinSignIn.ts'))})
await refused(verifyBitcoinSignIn({ text: 'x', address: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', signature: Buffer.alloc(65, 31).toString('base64') }))
${mark('bitcoin')}
`,
      )
      await run(
        process.execPath,
        [
          '--conditions=@foyer/source',
          '--import',
          'tsx',
          '--import',
          join(dir, 'register.mjs'),
          join(dir, 'main.mts'),
        ],
        { cwd: root, timeout: 120_000 },
      )
      const sections = readFileSync(log, 'utf8').split(/^--- \w+\n/m)
      const [server, polkadot, cosmos, bitcoin] = sections as [string, string, string, string]
      const loads = (modules: string, code: RegExp) =>
        modules.split('\n').some((url) => code.test(url))
      expect(sections).toHaveLength(5)
      expect(server).toContain('/apps/server/src/siwx/verifySignIn.ts')
      expect(
        Object.values(chainCode).map((code) => loads(server, code)),
        'the server alone',
      ).toEqual([false, false, false])
      // Each first check loads its own chain's code, and only that.
      expect(polkadot).toMatch(/\/@polkadot\/util-crypto\//)
      expect([loads(polkadot, chainCode.cosmos), loads(polkadot, chainCode.bitcoin)]).toEqual([
        false,
        false,
      ])
      expect(cosmos).toMatch(/\/@cosmjs\/crypto\//)
      expect(loads(cosmos, chainCode.bitcoin)).toBe(false)
      expect(loads(bitcoin, chainCode.bitcoin)).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)
})
