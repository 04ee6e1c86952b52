import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { ChopsticksStartError } from './errors.ts'

export type ResolveChopsticksCliReturnType = string
export type ResolveChopsticksCliErrorType = ChopsticksStartError

/**
 * The path of chopsticks' CLI script, run with this Node: `npx chopsticks` forks through npm, and
 * killing that PID would leave the chain running. The package exports no `package.json`, so the
 * script is found from its main entry (`dist/cjs/index.js`).
 */
export function resolveChopsticksCli(): ResolveChopsticksCliReturnType {
  const require = createRequire(import.meta.url)
  const main = require.resolve('@acala-network/chopsticks')
  let dir = dirname(main)
  for (let depth = 0; depth < 4; depth++) {
    const cli = join(dir, 'chopsticks.cjs')
    if (existsSync(cli)) return cli
    dir = dirname(dir)
  }
  throw new ChopsticksStartError({
    reason: `no chopsticks.cjs above ${main}`,
    output: 'Is @acala-network/chopsticks installed?',
  })
}
