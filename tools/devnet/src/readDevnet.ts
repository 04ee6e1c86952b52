import { readFile } from 'node:fs/promises'
import { InvalidDevnetFileError } from './errors.ts'
import type { Devnet } from './types.ts'

export type ReadDevnetReturnType = Devnet
export type ReadDevnetErrorType = InvalidDevnetFileError

/** Reads a devnet JSON file written by `startDevnet({ outFile })` or the devnet CLI. */
export async function readDevnet(path: string): Promise<ReadDevnetReturnType> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new InvalidDevnetFileError({ path, reason: 'it cannot be read', cause: error })
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new InvalidDevnetFileError({ path, reason: 'it is not JSON', cause: error })
  }
  if (!isDevnet(value)) {
    throw new InvalidDevnetFileError({ path, reason: 'it has no chains or no accounts' })
  }
  return value
}

function isDevnet(value: unknown): value is Devnet {
  if (typeof value !== 'object' || value === null) return false
  const { chains, accounts } = value as Partial<Record<keyof Devnet, unknown>>
  return (
    Array.isArray(chains) &&
    chains.every(
      (chain) =>
        typeof chain?.chainId === 'number' &&
        typeof chain.rpcUrl === 'string' &&
        typeof chain.contracts === 'object',
    ) &&
    Array.isArray(accounts) &&
    accounts.every(
      (account) => typeof account?.address === 'string' && typeof account.privateKey === 'string',
    )
  )
}
