/**
 * `npm run bench`: prints one JSON line per measurement. Sizes are measured on a production build;
 * later benchmarks (server throughput, WalletConnect round trips) join here.
 */

import { benchApproval, benchPasskeyUnlock } from './approval.ts'
import { buildDemo, buildTypicalPage, firstLoadByAuthor, firstLoadSize } from './bundle.ts'
import { benchCodeGuessing } from './codeGuessing.ts'
import { benchConvertQuotes } from './convert.ts'
import { benchDialog } from './dialog.ts'
import { benchFirstFrame } from './firstFrame.ts'
import { benchLoginLoad, toBenchLines as toLoadLines } from './loginLoad.ts'
import { benchServer, toBenchLines } from './server.ts'
import { benchSocialLogin } from './social.ts'
import { benchUserOperation } from './userOperation.ts'
import { benchWalletConnect } from './walletconnect.ts'

function emit(name: string, values: Record<string, unknown>) {
  console.log(JSON.stringify({ bench: name, ...values }))
}

const distDir = await buildDemo()
emit('demo-first-load', {
  page: 'index.html',
  unit: 'bytes',
  ...firstLoadSize(distDir, 'index.html'),
})
const button = firstLoadSize(distDir, 'button.html')
const react = firstLoadSize(distDir, 'button.html', (file) =>
  /\/assets\/react-[\w-]+\.js$/.test(file),
)
emit('button-page-first-load', { page: 'button.html', unit: 'bytes', ...button })
emit('button-page-first-load-beyond-react', {
  page: 'button.html',
  unit: 'bytes',
  raw: button.raw - react.raw,
  gzip: button.gzip - react.gzip,
  brotli: button.brotli - react.brotli,
})
// A typical app (injected wallets, WalletConnect, a server; mainnet + Base): what Foyer loads
// before the click, beyond React, React DOM and the app's chain definitions (goal 8 KB gzip).
const typical = firstLoadSize(distDir, 'wallets.html')
const typicalExcluded = firstLoadSize(distDir, 'wallets.html', (file) =>
  /\/assets\/(react|viem-chains)-[\w-]+\.js$/.test(file),
)
emit('typical-page-first-load-foyer', {
  page: 'wallets.html',
  unit: 'bytes',
  raw: typical.raw - typicalExcluded.raw,
  gzip: typical.gzip - typicalExcluded.gzip,
  brotli: typical.brotli - typicalExcluded.brotli,
  goalGzip: 8 * 1024,
})
// The same page built on its own, as an app with just that page ships it (no chunks shared with
// the demo's other pages): what the browser loads before the click beyond React, React DOM and the
// app's chains (the size budget's goal: 8 KB gzip), and whose those bytes are (Foyer's, its
// dependencies', the app's, the bundler's: `typical-app-first-load-foyer` and so on).
const typicalDir = buildTypicalPage()
const beyondReactAndChains = (file: string) =>
  !/\/assets\/(react|viem-chains)-[\w-]+\.js$/.test(file)
emit('typical-app-first-load-beyond-react', {
  page: 'wallets.html (built alone)',
  unit: 'bytes',
  ...firstLoadSize(typicalDir, 'wallets.html', beyondReactAndChains),
  goalGzip: 8 * 1024,
})
for (const [author, size] of Object.entries(
  firstLoadByAuthor(typicalDir, 'wallets.html', beyondReactAndChains),
))
  emit(`typical-app-first-load-${author}`, {
    page: 'wallets.html (built alone)',
    unit: 'bytes',
    ...size,
  })
// Click → the frame that first shows the first wallet row (goals: median ≤ 16 ms, ≤ 64 ms 4× slower).
const firstFrame = await benchFirstFrame(distDir)
emit('dialog-first-row-frame', {
  page: 'wallets.html',
  unit: 'ms',
  ...firstFrame.firstRowMs,
  goalMedian: 16,
})
emit('dialog-first-row-frame-cpu-4x', {
  page: 'wallets.html',
  unit: 'ms',
  ...firstFrame.firstRowThrottledMs,
  goalMedian: 64,
})
// The page's first click alone (the dialog's code loaded at idle but never run yet).
emit('dialog-first-click-frame', { page: 'wallets.html', unit: 'ms', ms: firstFrame.firstClickMs })
emit('typical-page-requests-before-click', firstFrame.requestsBeforeClick)
const dialog = await benchDialog(distDir)
emit('dialog-chunks', { unit: 'bytes', ...dialog.chunks.total, files: dialog.chunks.files })
emit('dialog-open', { unit: 'ms', ...dialog.openMs })
// Every route a dialog open calls, per setup, against a bare Fastify route (goal ratio ≥ 0.7).
for (const line of toBenchLines(await benchServer({ durationSec: 5, connections: 20 })))
  console.log(JSON.stringify(line))
// Two server processes over PostgreSQL and Redis: 1,000 email logins at once (0 errors), then
// the balance route at 200 connections.
for (const line of toLoadLines(await benchLoginLoad({ logins: 1_000, connections: 200 })))
  console.log(JSON.stringify(line))
emit('convert-quotes', { unit: 'ms', ...(await benchConvertQuotes({ runs: 200 })) })
emit('walletconnect', { ...(await benchWalletConnect({ connectRuns: 10, requestRuns: 20 })) })
emit('embedded-approval', { unit: 'ms', ...(await benchApproval(10)) })
emit('embedded-passkey-unlock', { unit: 'ms', ...(await benchPasskeyUnlock(5)) })
emit('social-login', { unit: 'ms', ...(await benchSocialLogin(5)) })
// prepare + sign + send + receipt of one smart-account user operation (anvil + alto on loopback).
emit('user-operation', { unit: 'ms', ...(await benchUserOperation({ runs: 10 })) })
emit('code-guessing', { ...(await benchCodeGuessing({ guesses: 100_000 })) })
