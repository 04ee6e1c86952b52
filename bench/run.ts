/**
 * `npm run bench`: prints one JSON line per measurement. Sizes are measured on a production build;
 * later benchmarks (server throughput, WalletConnect round trips) join here.
 */

import { benchApproval, benchPasskeyUnlock } from './approval.ts'
import { buildDemo, firstLoadSize } from './bundle.ts'
import { benchCodeGuessing } from './codeGuessing.ts'
import { benchConvertQuotes } from './convert.ts'
import { benchDialog } from './dialog.ts'
import { benchServer } from './server.ts'
import { benchSocialLogin } from './social.ts'
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
const dialog = await benchDialog(distDir)
emit('dialog-chunks', { unit: 'bytes', ...dialog.chunks.total, files: dialog.chunks.files })
emit('dialog-open', { unit: 'ms', ...dialog.openMs })
emit('server-balance-vs-hello', { ...(await benchServer({ durationSec: 5, connections: 20 })) })
emit('convert-quotes', { unit: 'ms', ...(await benchConvertQuotes({ runs: 200 })) })
emit('walletconnect', { ...(await benchWalletConnect({ connectRuns: 10, requestRuns: 20 })) })
emit('embedded-approval', { unit: 'ms', ...(await benchApproval(10)) })
emit('embedded-passkey-unlock', { unit: 'ms', ...(await benchPasskeyUnlock(5)) })
emit('social-login', { unit: 'ms', ...(await benchSocialLogin(5)) })
emit('code-guessing', { ...(await benchCodeGuessing({ guesses: 100_000 })) })
