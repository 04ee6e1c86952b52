import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { sourceAliases } from '../scripts/sourceAliases.ts'

// End-to-end tests as `npm test` runs them: two files at a time where they share no state
// (e2e/vitest.config.ts runs one file at a time, for a file or two by hand):
//   npx vitest run --config e2e/vitest.parallel.config.ts
//
// One local world for the whole run: the global setup is the root config's alone, so it runs
// once and what it provides reaches every project. Projects are inline and do not extend this
// config (`extends: true` would hand each one the global setup: one world per project).
//
// Each project is a group (`sequence.groupOrder`); groups run one after another, and inside a
// group any two files may run together (`maxWorkers: 2`). So every two files of a group must be
// free to overlap: no account whose balance or nonce one asserts and the other moves, no
// chain-wide assertion beside a file that mines. What keeps files apart:
//   - names: its registrant (account 2) gets 1 USDC, counted exactly, and onramp delivers USDC
//     to the same account; its sender (account 6) pays gas on chain A while connect-injected sets
//     and shows that account's exact ETH.
//   - smart-account: asserts chain A's block number did not move while it checks a refused batch,
//     so nothing beside it may send on chain A; and it funds from account 3, as swap's whale does
//     (two senders on one nonce).
//   - solana: its dialog must show Solana key 0's SOL and USDC as the RPC reports them, while
//     walletconnect-solana shows that SOL and onramp delivers USDC to that key.
//   - walletconnect: sends from account 0, whose ETH profile-wallets shows and compares with anvil.
//   - social-login: signs in on about ten devices it keeps open, each frame polling the server;
//     beside another embedded-wallet file, 127.0.0.1 nears the frame's 300 requests a minute per IP.
// Any file listed in no group runs alone, last: a new file is safe until someone places it.

const shared = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // A page under a loaded CI runner can take seconds to react; a poll's 1 s default flakes there.
  expect: { poll: { timeout: 10_000 } },
}

/**
 * Files of one group, by name (without `.e2e.test.ts`), longest first (their durations in a CI
 * run on the two-core runner, in seconds): they start in this order (`ListedOrderSequencer`), so
 * a long file never starts last and keeps one worker busy while the other has nothing left.
 */
const groups = {
  // Every two of these may overlap: each has accounts, addresses and names of its own, or only
  // connects and signs. The long ones are here, where the pool balances them best.
  shared: [
    'screenshots', // 355
    'profile-wallets', // 146
    'connect-injected', // 132
    'embedded-custody', // 131
    'onramp', // 68
    'embedded-passkey', // 55
    'email-login', // 52
    'walletconnect-relay-outage', // 43
    'account-send', // 36
    'walletconnect-solana', // 28
    'embedded-solana', // 23
    'swap', // 14
  ],
  // Each of the first four must not overlap some file of `shared` (see above), and none of them
  // another here; the last two move no chain state and fill the pool.
  // Longest first here too: social-login (112), walletconnect (111), locales (65), solana (26),
  // playground (25), names (10).
  apartFromShared: ['social-login', 'walletconnect', 'locales', 'solana', 'playground', 'names'],
  // No transaction on chain A here beside smart-account.
  quietChainA: [
    'siwx', // 40
    'remote-config', // 30
    'dialog-style', // 28
    'smart-account', // 27
    'wagmi', // 20
    'polkadot', // 12
    'bitcoin', // 11
    'cosmos', // 11
    'smoke', // 6
  ],
} as const

const fileOf = (name: string) => `${name}.e2e.test.ts`

const listedOrder = new Map<string, number>(
  Object.values(groups).flatMap((names) => names.map((name, index) => [fileOf(name), index])),
)

/**
 * Vitest's own order (groups, then files by size or by the durations of the last run on this
 * machine, which a fresh clone has not got), then each group's files in their listed order.
 */
class ListedOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const place = (file: TestSpecification) =>
      listedOrder.get(file.moduleId.split('/').pop()!) ?? Number.POSITIVE_INFINITY
    return (await super.sort(files)).sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        place(a) - place(b),
    )
  }
}

function group(
  name: string,
  groupOrder: number,
  maxWorkers: number,
  include: string[],
  exclude: string[] = [],
): TestProjectInlineConfiguration {
  return {
    resolve: { alias: sourceAliases() },
    test: {
      ...shared,
      name,
      include,
      exclude: [...configDefaults.exclude, ...exclude],
      sequence: { groupOrder },
      maxWorkers,
    },
  }
}

export default defineConfig({
  resolve: { alias: sourceAliases() },
  test: {
    root: import.meta.dirname,
    // The root project is no test project, but its global setup runs once for all of them.
    globalSetup: ['./support/global-setup.ts'],
    sequence: { sequencer: ListedOrderSequencer },
    projects: [
      group('shared', 1, 2, groups.shared.map(fileOf)),
      group('apart-from-shared', 2, 2, groups.apartFromShared.map(fileOf)),
      group('quiet-chain-a', 3, 2, groups.quietChainA.map(fileOf)),
      group('alone', 4, 1, ['**/*.e2e.test.ts'], Object.values(groups).flat().map(fileOf)),
    ],
  },
})
