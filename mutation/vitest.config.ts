import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vitest/config'
import base, { unitTestOptions } from '../vitest.config.ts'

/**
 * The root config restricted to the test files of one critical module of modules.json, named by
 * FOYER_MUTATION_MODULE (stryker.config.mjs and scripts/mutation.ts set it).
 *
 * With FOYER_MUTANT_SOURCE (a file holding the module's source with one mutant applied), the
 * module is served from that file instead: scripts/mutation.ts re-runs the tests this way for
 * every surviving mutant of a module-level constant, without Stryker's instrumentation.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const list: { modules: { file: string; tests: string[]; database?: 'postgres' }[] } = JSON.parse(
  readFileSync(new URL('./modules.json', import.meta.url), 'utf8'),
)
const file = process.env.FOYER_MUTATION_MODULE
const module = list.modules.find((entry) => entry.file === file)
if (!module) throw new Error(`FOYER_MUTATION_MODULE must name a module of mutation/modules.json`)

function serveMutant(sourceFile: string): Plugin {
  const target = `${root}${module!.file}`
  return {
    name: 'foyer-mutant',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] === target) return readFileSync(sourceFile, 'utf8')
    },
  }
}

const mutantSource = process.env.FOYER_MUTANT_SOURCE

export default defineConfig({
  root,
  plugins: mutantSource ? [serveMutant(mutantSource)] : [],
  // The root config's resolution: Foyer's packages from their source.
  resolve: base.resolve,
  test: {
    ...unitTestOptions,
    include: module.tests,
    // `"database": "postgres"` in modules.json: one PostgreSQL server for the whole run, migrated
    // once (test/support/openTestDatabase.ts connects to it) instead of a PGlite per mutant's run.
    ...(module.database === 'postgres' ? { globalSetup: ['mutation/postgresGlobalSetup.ts'] } : {}),
  },
})
