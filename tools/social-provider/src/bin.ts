// Runs the social login stand-in:
// `node --import tsx tools/social-provider/src/bin.ts [--host 127.0.0.1] [--port 4404] --redirect-uri <uri>…`
import { parseArgs } from 'node:util'
import { startSocialProviders } from './startSocialProviders.ts'

const usage =
  'usage: bin.ts [--host 127.0.0.1] [--port 4404] --redirect-uri <uri> [--redirect-uri <uri>…]'

let values: { host: string; port: string; 'redirect-uri'?: string[] }
try {
  ;({ values } = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '4404' },
      'redirect-uri': { type: 'string', multiple: true },
    },
  }))
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`)
  process.exit(2)
}

const port = Number(values.port)
if (!/^\d+$/.test(values.port) || port > 65_535) {
  console.error(`--port must be an integer from 0 to 65535, got "${values.port}"`)
  process.exit(2)
}
const redirectUris = values['redirect-uri'] ?? []
if (redirectUris.length === 0) {
  console.error(`at least one --redirect-uri is required\n${usage}`)
  process.exit(2)
}

let providers: Awaited<ReturnType<typeof startSocialProviders>>
try {
  providers = await startSocialProviders({ port, host: values.host, redirectUris })
} catch (error) {
  console.error(`Social provider stand-in could not start: ${(error as Error).message}`)
  process.exit(1)
}

console.log(`Social provider stand-in listening on ${providers.url}`)
// One `NAME=value` line each; values with line breaks (Apple's PEM key) are double-quoted with
// `\n`, as dotenv files write them.
for (const [name, value] of Object.entries(providers.serverEnv())) {
  console.log(`${name}=${value.includes('\n') ? JSON.stringify(value) : value}`)
}

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await providers.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
