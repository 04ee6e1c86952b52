/**
 * `npm run docs:build` (and a step of `npm test`): the docs site into docs/.vitepress/dist.
 *
 * 1. writes the generated reference pages and openapi.json (`generateReference.ts`);
 * 2. builds the site with VitePress, whose dead-link check fails the build on a link to a page
 *    that does not exist;
 * 3. checks every link of the built pages, fragments and links out of the site included
 *    (`checkLinks.ts`).
 *
 * Prints the seconds each step took.
 */
import { spawnSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkDocsLinks } from './checkLinks.ts'

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

function step(title: string, action: () => boolean): void {
  const started = performance.now()
  const passed = action()
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`${passed ? '✔' : '✘'} docs: ${title} (${seconds} s)`)
  if (!passed) process.exit(1)
}

const node = (args: string[]) =>
  spawnSync(process.execPath, args, { cwd: rootDir, stdio: 'inherit' }).status === 0

step('reference pages and openapi.json', () =>
  node(['--import', 'tsx', 'scripts/docs/generateReference.ts']),
)
step('VitePress build', () => node(['node_modules/vitepress/bin/vitepress.js', 'build', 'docs']))
step('links', () => {
  const problems = checkDocsLinks(join(rootDir, 'docs/.vitepress/dist'))
  for (const problem of problems) console.error(`  ✘ ${problem}`)
  return problems.length === 0
})
