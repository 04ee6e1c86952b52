// Runs the Farcaster auth relay stand-in:
// `node --import tsx tools/farcaster-relay/src/bin.ts [--host 127.0.0.1] [--port 4405] --relay-key <key> --sign-in-url-base <url> [--channel-ttl-ms 300000] [--rpc-url <url>]`
import { parseArgs } from 'node:util'
import { createFarcasterRelay } from './createFarcasterRelay.ts'
import { BaseError } from './errors.ts'

let values: Record<string, string | undefined>
try {
  ;({ values } = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '4405' },
      'relay-key': { type: 'string' },
      'sign-in-url-base': { type: 'string' },
      'channel-ttl-ms': { type: 'string' },
      'rpc-url': { type: 'string' },
    },
  }))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(2)
}

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be an integer from 0 to 65535, got "${values.port}"`)
  process.exit(2)
}
const relayKey = values['relay-key'] ?? process.env.FOYER_FARCASTER_RELAY_KEY
if (!relayKey) {
  console.error('--relay-key (or $FOYER_FARCASTER_RELAY_KEY) is required')
  process.exit(2)
}
const signInUrlBase = values['sign-in-url-base']
if (!signInUrlBase) {
  console.error('--sign-in-url-base is required, e.g. http://127.0.0.1:4403/farcaster')
  process.exit(2)
}
const channelTtlMs =
  values['channel-ttl-ms'] === undefined ? undefined : Number(values['channel-ttl-ms'])

try {
  const relay = await createFarcasterRelay({
    host: values.host,
    port,
    relayKey,
    signInUrlBase,
    channelTtlMs,
    rpcUrl: values['rpc-url'],
  })
  console.log(`Farcaster relay listening on ${relay.url}`)

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await relay.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (error) {
  console.error(error instanceof BaseError ? error.message : error)
  process.exit(error instanceof BaseError && error.name.startsWith('Invalid') ? 2 : 1)
}
