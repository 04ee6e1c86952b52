import { defineConfig } from 'vitest/config'
import { sourceAliases } from '../scripts/sourceAliases.ts'

// End-to-end tests: real Chromium against the local world, which globalSetup starts and stops.
// Foyer's packages resolve to their TypeScript source (tsconfig.base.json's `paths`).
export default defineConfig({
  resolve: { alias: sourceAliases() },
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page under a loaded CI runner can take seconds to react; a poll's 1 s default flakes there.
    expect: { poll: { timeout: 10_000 } },
    // One browser-driven file at a time: the world is shared and the machine has 2 cores.
    fileParallelism: false,
  },
})
