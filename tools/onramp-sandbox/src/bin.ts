// Runs the on-ramp sandbox against a running devnet:
// `node --import tsx tools/onramp-sandbox/src/bin.ts [--host 127.0.0.1] [--port 4406] [--devnet devnet.json] [--api-key-name <name> --public-key-file <pem>] [--eur-usd 1.08] [--delivery-delay-ms 500]`
// Without --public-key-file it makes a key and prints the Foyer server's environment for it.
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { BaseError } from '@foyer/core'
import { readDevnet } from '@foyer/devnet'
import { createOnRampSandbox, onRampSandboxDefaults } from './createOnRampSandbox.ts'
import { createOnRampSandboxKey } from './createOnRampSandboxKey.ts'
import { onRampSandboxFromDevnet } from './fromDevnet.ts'
import { onRampServerEnv } from './serverEnv.ts'

let values: Record<string, string | undefined>
try {
  ;({ values } = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '4406' },
      devnet: { type: 'string', default: 'devnet.json' },
      'api-key-name': { type: 'string' },
      'public-key-file': { type: 'string' },
      'eur-usd': { type: 'string' },
      'delivery-delay-ms': { type: 'string' },
    },
  }))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(2)
}

const fail = (message: string): never => {
  console.error(message)
  process.exit(2)
}
const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  fail(`--port must be an integer from 0 to 65535, got "${values.port}"`)
}
const number = (flag: string, fallback: number) => {
  const text = values[flag]
  if (text === undefined) return fallback
  const value = Number(text)
  if (!Number.isFinite(value) || value < 0) fail(`--${flag} must be a number, got "${text}"`)
  return value
}
const eurUsd = number('eur-usd', onRampSandboxDefaults.eurUsd)
const deliveryDelayMs = number('delivery-delay-ms', onRampSandboxDefaults.deliveryDelayMs)

try {
  const devnet = await readDevnet(values.devnet!)
  const keyFile = values['public-key-file']
  const made = keyFile ? undefined : createOnRampSandboxKey(values['api-key-name'])
  const apiKey = made ?? {
    name: values['api-key-name'] ?? fail('--api-key-name is required with --public-key-file'),
    publicKeyPem: await readFile(keyFile!, 'utf8'),
  }
  const sandbox = await createOnRampSandbox({
    host: values.host,
    port,
    apiKey,
    ...onRampSandboxFromDevnet(devnet),
    eurUsd,
    deliveryDelayMs,
  })
  // Before the first line: whoever waits for it may signal at once.
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await sandbox.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  console.log(`On-ramp sandbox listening on ${sandbox.url}`)
  if (made) {
    // dotenv style: the PEM's newlines as \n inside double quotes.
    console.log('Foyer server environment (a key made for this run):')
    for (const [name, value] of Object.entries(
      onRampServerEnv({ url: sandbox.url, apiKey: made, eurUsd, devnet }),
    )) {
      console.log(`${name}=${value.includes('\n') ? JSON.stringify(value) : value}`)
    }
  }
} catch (error) {
  console.error(error instanceof BaseError ? error.message : error)
  process.exit(error instanceof BaseError && error.name.startsWith('Invalid') ? 2 : 1)
}
