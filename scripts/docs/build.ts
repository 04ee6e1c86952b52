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

// The reference pages are written in this process (already under tsx): a Node with tsx of its own
// cost about 2 s of CPU beside the end-to-end tests. VitePress runs in a plain Node, without
// tsx's loader, which made its build slower in this process.
async function step(title: string, action: () => Promise<boolean> | boolean): Promise<void> {
  const started = performance.now()
  let passed: boolean
  try {
    passed = await action()
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error))
    passed = false
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`${passed ? '✔' : '✘'} docs: ${title} (${seconds} s)`)
  if (!passed) process.exit(1)
}

await step('reference pages and openapi.json', async () => {
  // Writes the pages when imported.
  await import('./generateReference.ts')
  return true
})
await step(
  'VitePress build',
  () =>
    spawnSync(process.execPath, ['node_modules/vitepress/bin/vitepress.js', 'build', 'docs'], {
      cwd: rootDir,
      stdio: 'inherit',
    }).status === 0,
)
await step('links', () => {
  const problems = checkDocsLinks(join(rootDir, 'docs/.vitepress/dist'))
  for (const problem of problems) console.error(`  ✘ ${problem}`)
  return problems.length === 0
})
