/**
 * Checks every link of the built docs site (docs/.vitepress/dist): each internal link names a page
 * or file that exists and, with a `#fragment`, an element of that page with that id; each link out
 * of the site goes to a public specification host (`allowedHosts`). VitePress' own dead-link check
 * (which fails the build) knows pages but not fragments, and not where external links go.
 *
 * `checkDocsLinks(distDir)` answers the problems; run as a script it prints them and exits 1.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, posix, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Hosts the docs may link to: public specifications only (the site stands alone otherwise). */
export const allowedHosts = new Set(['eips.ethereum.org'])

type Page = { file: string; ids: Set<string>; hrefs: string[] }

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'assets' ? [] : htmlFiles(path)
    return name.endsWith('.html') ? [path] : []
  })
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")

function readPage(file: string): Page {
  const html = readFileSync(file, 'utf8')
  const ids = new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((match) => decode(match[1]!)))
  const hrefs = [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)].map((match) => decode(match[1]!))
  return { file, ids, hrefs }
}

/** The file a site path is served from, with `cleanUrls` (`/guide/x` → guide/x.html). */
function resolveTarget(distDir: string, path: string): string | undefined {
  const clean = decodeURIComponent(path).replace(/^\//, '')
  const candidates = clean.endsWith('/')
    ? [`${clean}index.html`]
    : clean === ''
      ? ['index.html']
      : [clean, `${clean}.html`, `${clean}/index.html`]
  return candidates
    .map((candidate) => join(distDir, candidate))
    .find((candidate) => existsSync(candidate) && statSync(candidate).isFile())
}

export function checkDocsLinks(distDir: string): string[] {
  const problems: string[] = []
  const pages = new Map(htmlFiles(distDir).map((file) => [file, readPage(file)]))
  if (pages.size === 0) return [`no page in ${distDir}: build the site first`]
  for (const page of pages.values()) {
    const where = relative(distDir, page.file)
    const pagePath = `/${relative(distDir, page.file).replace(/\\/g, '/')}`
    for (const href of page.hrefs) {
      if (/^(mailto|javascript):/i.test(href)) {
        problems.push(`${where}: link "${href}"`)
        continue
      }
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) {
        const host = new URL(href, 'https://invalid').hostname
        if (!allowedHosts.has(host)) problems.push(`${where}: link out of the site to ${href}`)
        continue
      }
      const [pathPart = '', fragment] = href.split('#', 2)
      const target = pathPart
        ? resolveTarget(distDir, posix.resolve(posix.dirname(pagePath), pathPart))
        : page.file
      if (!target) {
        problems.push(`${where}: dead link ${href}`)
        continue
      }
      if (fragment && target.endsWith('.html')) {
        const targetPage = pages.get(target) ?? readPage(target)
        if (!targetPage.ids.has(decodeURIComponent(fragment)))
          problems.push(`${where}: no #${fragment} in ${relative(distDir, target)}`)
      }
    }
  }
  return problems
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/.vitepress/dist')
  const started = performance.now()
  const problems = checkDocsLinks(distDir)
  for (const problem of problems) console.error(`  ✘ ${problem}`)
  const seconds = ((performance.now() - started) / 1000).toFixed(2)
  if (problems.length > 0) {
    console.error(`docs: ${problems.length} broken or outside link(s) (${seconds} s)`)
    process.exit(1)
  }
  console.log(`docs: every link resolves (${seconds} s)`)
}
