import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvalidDevnetFileError } from './errors.ts'
import { readDevnet } from './readDevnet.ts'

let directory: string

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'foyer-read-devnet-'))
})

afterAll(async () => {
  await rm(directory, { recursive: true, force: true })
})

describe('readDevnet', () => {
  it('rejects a missing file with the path in the message', async () => {
    const path = join(directory, 'missing.json')
    const attempt = readDevnet(path)
    await expect(attempt).rejects.toBeInstanceOf(InvalidDevnetFileError)
    await expect(attempt).rejects.toThrow(`${path} is not a devnet file: it cannot be read`)
  })

  it('rejects JSON that does not describe a devnet', async () => {
    const path = join(directory, 'other.json')
    await writeFile(path, JSON.stringify({ chains: [{ chainId: '31337' }], accounts: [] }))
    await expect(readDevnet(path)).rejects.toThrow('it has no chains or no accounts')
  })
})
