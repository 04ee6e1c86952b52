// Serves the mobile test wallet page:
// `node --import tsx tools/test-wallets/src/mobile/bin.ts [--port 4403] [--devnet devnet.json] [--relay-url ws://127.0.0.1:4402]
//   [--farcaster-relay-url http://127.0.0.1:4405 --farcaster-relay-key <key>]`
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { BaseError } from './errors.ts'
import { startMobileWallet } from './startMobileWallet.ts'

const repositoryRoot = resolve(import.meta.dirname, '../../../..')

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4403' },
    devnet: { type: 'string' },
    'relay-url': { type: 'string' },
    'farcaster-relay-url': { type: 'string' },
    'farcaster-relay-key': { type: 'string' },
  },
})

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be an integer from 0 to 65535, got "${values.port}"`)
  process.exit(2)
}

const farcasterRelayUrl = values['farcaster-relay-url']
const farcasterRelayKey = values['farcaster-relay-key']
if ((farcasterRelayUrl === undefined) !== (farcasterRelayKey === undefined)) {
  console.error('--farcaster-relay-url and --farcaster-relay-key go together: pass both or neither')
  process.exit(2)
}
if (farcasterRelayUrl !== undefined && !URL.canParse(farcasterRelayUrl)) {
  console.error(`--farcaster-relay-url must be a URL, got "${farcasterRelayUrl}"`)
  process.exit(2)
}

try {
  const wallet = await startMobileWallet({
    port,
    devnetFile: resolve(
      values.devnet ?? process.env.FOYER_DEVNET_FILE ?? resolve(repositoryRoot, 'devnet.json'),
    ),
    relayUrl: values['relay-url'] ?? process.env.FOYER_RELAY_URL,
    farcaster:
      farcasterRelayUrl !== undefined && farcasterRelayKey !== undefined
        ? { relayUrl: farcasterRelayUrl, relayKey: farcasterRelayKey }
        : undefined,
  })
  console.log(`Mobile test wallet listening on ${wallet.url}`)

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await wallet.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (error) {
  console.error(error instanceof BaseError ? error.message : error)
  process.exit(1)
}
