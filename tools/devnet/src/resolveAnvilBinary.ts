import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { AnvilBinaryNotFoundError } from './errors.ts'

export type ResolveAnvilBinaryReturnType = string
export type ResolveAnvilBinaryErrorType = AnvilBinaryNotFoundError

const archNames: Record<string, string> = { x64: 'amd64', arm64: 'arm64' }

/**
 * Finds the anvil executable inside the platform package of `@foundry-rs/anvil`. We run the
 * binary itself: `npx anvil` forks through npm, and killing that PID leaves anvil running.
 */
export function resolveAnvilBinary(): ResolveAnvilBinaryReturnType {
  const require = createRequire(import.meta.url)
  const arch = archNames[process.arch] ?? process.arch
  const executable = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  const candidates = [
    `@foundry-rs/anvil-${process.platform}-${arch}`,
    // Linux amd64 first among the rest: it is the platform this repository is developed on.
    '@foundry-rs/anvil-linux-amd64',
    '@foundry-rs/anvil-linux-arm64',
    '@foundry-rs/anvil-darwin-arm64',
    '@foundry-rs/anvil-darwin-amd64',
    '@foundry-rs/anvil-win32-amd64',
  ]
  for (const name of new Set(candidates)) {
    let packageJson: string
    try {
      packageJson = require.resolve(`${name}/package.json`)
    } catch {
      continue
    }
    const binary = join(dirname(packageJson), 'bin', executable)
    if (existsSync(binary)) return binary
  }
  throw new AnvilBinaryNotFoundError({ platform: process.platform, arch: process.arch })
}
