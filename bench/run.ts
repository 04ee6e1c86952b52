/**
 * `npm run bench`: prints one JSON line per measurement. Sizes are measured on a production build;
 * later benchmarks (dialog open time, server throughput, WalletConnect round trips) join here.
 */
import { buildDemo, firstLoadSize } from './bundle.ts'

function emit(name: string, values: Record<string, unknown>) {
  console.log(JSON.stringify({ bench: name, ...values }))
}

const distDir = await buildDemo()
emit('demo-first-load', {
  page: 'index.html',
  unit: 'bytes',
  ...firstLoadSize(distDir, 'index.html'),
})
emit('button-page-first-load', {
  page: 'button.html',
  unit: 'bytes',
  ...firstLoadSize(distDir, 'button.html'),
})
