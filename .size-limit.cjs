// Size budgets (size-limit, checked by `npm test` after the end-to-end build of the demo).
// The files are read from the built page, so the budget follows whatever the page really loads.
const { readFileSync } = require('node:fs')
const { join } = require('node:path')

const dist = join(__dirname, 'apps/demo/dist')

/** The files a page loads before it is interactive: entry script, modulepreloads, stylesheets. */
function firstLoad(htmlFile) {
  const html = readFileSync(join(dist, htmlFile), 'utf8')
  const refs = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]+href="([^"]+)"/g),
  ].map((match) => join(dist, match[1]))
  return [...new Set(refs)]
}

const isReact = (file) => /\/assets\/react-[\w-]+\.js$/.test(file)

module.exports = [
  {
    name: 'Connect-button page: first load beyond React and React DOM',
    path: firstLoad('button.html').filter((file) => !isReact(file)),
    // Target 15 kB (issue 3); measured 16.75–17.0 kB once the wallet features landed. Until the first
    // load is trimmed back under the target, this guards against regressions.
    limit: '17.5 KB',
    gzip: true,
  },
]
