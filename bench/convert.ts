/**
 * Swap quote latency: `GET /v1/convert/quotes` over HTTP on loopback, against an in-process Foyer
 * server on a fresh devnet (anvil, Uniswap V2 pools). Each quote reads the latest block (the
 * reserves are reused while it stays the latest) and routes USDC → DAI over the direct pool and
 * the two-hop paths; the amount changes every run. Warm-up runs (the first read of the pairs and
 * reserves) are not counted.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { startDevnet } from '@foyer/devnet'
import { createDatabase, createServer } from '@foyer/server'
import { summarize, type Timings } from './timings.ts'

export type BenchConvertQuotesParameters = {
  /** Quotes measured. Default 200. */
  runs?: number | undefined
}

export type BenchConvertQuotesReturnType = { quoteMs: Timings }

const warmUpRuns = 20

export async function benchConvertQuotes(
  parameters: BenchConvertQuotesParameters = {},
): Promise<BenchConvertQuotesReturnType> {
  const { runs = 200 } = parameters
  const workDir = mkdtempSync(join(tmpdir(), 'foyer-bench-convert-'))
  const devnetFile = join(workDir, 'devnet.json')
  const started = await startDevnet({ chains: [{ chainId: 31337, port: 0 }], outFile: devnetFile })
  const database = await createDatabase({ dataDir: 'memory://' })
  const chain = started.devnet.chains[0]!
  const app = await createServer({
    database,
    devnetFile,
    dev: true,
    rateLimit: false,
    logger: false,
    indexer: { enabled: false },
  })
  try {
    const url = await app.listen({ host: '127.0.0.1', port: 0 })
    const quoteUrl = (amount: bigint) =>
      `${url}/v1/convert/quotes?${new URLSearchParams({
        projectId: 'foyer-dev',
        st: 'foyer',
        sv: 'bench',
        amount: amount.toString(),
        userAddress: `eip155:${chain.chainId}:${started.devnet.accounts[0]!.address}`,
        from: `eip155:${chain.chainId}:${chain.contracts.usdc}`,
        to: `eip155:${chain.chainId}:${chain.contracts.dai}`,
      })}`
    const samples: number[] = []
    for (let run = 0; run < warmUpRuns + runs; run++) {
      const target = quoteUrl(100_000_000n + BigInt(run))
      const start = performance.now()
      const response = await fetch(target)
      const body = (await response.json()) as { quotes?: unknown[] }
      const elapsed = performance.now() - start
      if (!response.ok || !body.quotes?.length)
        throw new Error(`quote failed: ${response.status} ${JSON.stringify(body)}`)
      if (run >= warmUpRuns) samples.push(elapsed)
    }
    return { quoteMs: summarize(samples) }
  } finally {
    await app.close()
    await database.destroy()
    await started.stop()
    rmSync(workDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log(JSON.stringify(await benchConvertQuotes({ runs: Number(process.argv[2] ?? 200) })))
