// Runs the dev relay: `node --import tsx tools/dev-relay/src/bin.ts [--host 127.0.0.1] [--port 4402]
// [--allow-remote]`. A host other than loopback is refused without --allow-remote (exit 2).
import { parseArgs } from 'node:util'
import { createDevRelay, isLoopbackHost } from './createDevRelay.ts'

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '4402' },
    verbose: { type: 'boolean', default: false },
    'allow-remote': { type: 'boolean', default: false },
  },
})

if (!isLoopbackHost(values.host) && !values['allow-remote']) {
  console.error(
    `--host ${values.host} is not a loopback address: the dev relay would be reachable from the network. Pass --allow-remote to do it anyway.`,
  )
  process.exit(2)
}

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be an integer from 0 to 65535, got "${values.port}"`)
  process.exit(2)
}

const relay = await createDevRelay({
  host: values.host,
  allowRemote: values['allow-remote'],
  port,
  logger: {
    debug: (message) => {
      if (values.verbose) console.log(message)
    },
    info: () => {},
    warn: (message) => console.warn(message),
  },
})
console.log(`Dev relay listening on ${relay.url}`)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await relay.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
