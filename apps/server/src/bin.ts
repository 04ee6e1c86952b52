import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { analyticsQuery } from './cli/analyticsQuery.ts'
import { type CliContext, withDatabase } from './cli/cliContext.ts'
import { invalidateRegistryAnswers } from './cli/invalidateRegistryAnswers.ts'
import { projectUpsert } from './cli/projectUpsert.ts'
import { readEmbeddedWalletOptions, readServerOptions } from './config.ts'
import { createDatabase } from './db/createDatabase.ts'
import { createEmbeddedWallet } from './embedded/createEmbeddedWallet.ts'
import { createServer } from './http/createServer.ts'
import { listProjects } from './projects/projects.ts'
import { importRegistry, seedBuiltinWallets } from './registry/wallets.ts'

const usage = `Usage: node --import tsx apps/server/src/bin.ts <command>

Commands:
  serve [--dev]                       Start the server (env: FOYER_HOST, FOYER_PORT, FOYER_DATA_DIR,
                                      FOYER_DATABASE_URL, FOYER_REDIS_URL, FOYER_DEVNET_FILE,
                                      FOYER_REGISTRY_FILE, FOYER_RPC_URLS, FOYER_INDEX_CHAINS,
                                      FOYER_PRICE_API_URL, …)
                                      and the embedded wallet's frame listener (FOYER_FRAME_PORT,
                                      FOYER_SMTP_URL, FOYER_SESSION_SECRET, FOYER_SHARE_KEY,
                                      FOYER_OPERATOR_RECOVERY, FOYER_RECOVERY_SECRET_KEY, …);
                                      --dev adds a mail capture
                                      and /dev/mailbox
  project upsert --id ID --name NAME --origins 'https://app.example.com,http://localhost:*'
                 [--features '{"swaps":false}']
  project list
  registry import <wallets.json>      Import a WalletConnect-format registry (logos/ beside it)
  analytics query [--project ID] [--since 1h|ISO] [--type error] [--limit 100] [--summary]
`

/** The repository's registry snapshot (data/wallet-registry), imported by `serve --dev` when present. */
const sharedRegistryFile = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../data/wallet-registry/wallets.json',
)

async function main(argv: string[]): Promise<number> {
  const [command, subcommand, ...rest] = argv
  const env = process.env
  const context: CliContext = {
    openDatabase: () =>
      createDatabase({
        databaseUrl: env.FOYER_DATABASE_URL || undefined,
        dataDir: env.FOYER_DATA_DIR || '.foyer',
      }),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  }
  if (command === 'serve') return serve(argv.slice(1))
  if (command === 'project' && subcommand === 'upsert') return projectUpsert(rest, context)
  if (command === 'project' && subcommand === 'list') {
    return withDatabase(context, async (db) => {
      for (const project of await listProjects({ db }))
        context.stdout(`${JSON.stringify(project)}\n`)
    })
  }
  if (command === 'registry' && subcommand === 'import') {
    const file = rest[0]
    if (!file) {
      process.stderr.write('registry import needs the path of wallets.json\n')
      return 2
    }
    return withDatabase(context, async (db) => {
      await seedBuiltinWallets({ db })
      const result = await importRegistry({ db, file: resolve(file) })
      await invalidateRegistryAnswers({ redisUrl: env.FOYER_REDIS_URL || undefined })
      context.stdout(`${JSON.stringify(result)}\n`)
    })
  }
  if (command === 'analytics' && subcommand === 'query') return analyticsQuery(rest, context)
  process.stderr.write(usage)
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2
}

async function serve(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { dev: { type: 'boolean' } } })
  const options = readServerOptions(process.env)
  const registryFile =
    options.registryFile ??
    (values.dev && existsSync(sharedRegistryFile) ? sharedRegistryFile : undefined)
  const app = await createServer({ ...options, dev: values.dev ?? false, registryFile })
  const embedded = await createEmbeddedWallet({
    ...readEmbeddedWalletOptions(process.env),
    server: app,
    dev: values.dev ?? false,
    dataDir: options.dataDir ?? '.foyer',
    host: options.host,
    redisUrl: options.redisUrl,
    trustProxy: options.trustProxy,
    logger: options.logger === false ? false : { level: process.env.FOYER_LOG_LEVEL || 'info' },
  })
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
  await app.listen({ host: options.host, port: options.port })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  process.stdout.write(`Foyer server listening on http://${host}:${port}\n`)
  if (embedded) {
    const frameUrl = await embedded.listen()
    process.stdout.write(`Foyer frame listening on ${frameUrl}\n`)
  }
  return -1
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code)
  },
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
    process.exit(1)
  },
)
