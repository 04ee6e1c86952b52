import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Foyer's packages as aliases to their TypeScript source, from `tsconfig.base.json`'s `paths`.
 * Vite and Vitest take these instead of the `@foyer/source` export condition: setting
 * `resolve.conditions` would replace Vite's defaults for every package (the `browser` condition
 * then reaches Node-only dependencies in jsdom tests), and a global setup's module runner does
 * not apply custom conditions at all.
 */
export function sourceAliases(): { find: RegExp; replacement: string }[] {
  const { config } = ts.readConfigFile(resolve(root, 'tsconfig.base.json'), ts.sys.readFile)
  const paths = (config?.compilerOptions?.paths ?? {}) as Record<string, string[]>
  return Object.entries(paths).map(([name, [target]]) => ({
    find: new RegExp(`^${name.replace(/[/.]/g, '\\$&')}$`),
    replacement: resolve(root, target ?? ''),
  }))
}
