import { defineConfig } from 'vitest/config'
import { sourceAliases } from './scripts/sourceAliases.ts'

// Foyer's packages resolve to their TypeScript source (tsconfig.base.json's `paths`), not to a
// build in dist/.

// Unit and integration tests of every workspace. End-to-end tests have their own config in e2e/.
export default defineConfig({
  resolve: { alias: sourceAliases() },
  test: {
    include: [
      'packages/*/src/**/*.test.{ts,tsx}',
      'apps/*/src/**/*.test.{ts,tsx}',
      'apps/*/test/**/*.test.ts',
      'tools/*/src/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
