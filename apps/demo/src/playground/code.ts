import { type PlaygroundSettings, playgroundOptions } from './settings.ts'

/** Source text printed as is (an identifier, a call) inside a printed value. */
class Source {
  constructor(readonly text: string) {}
}
const source = (text: string) => new Source(text)

/** What the playground's code is made from: the demo's world, as `createDemoFoyer` uses it. */
export type PlaygroundCodeWorld = {
  origin: string
  metadata: { name: string; description?: string | undefined; url?: string | undefined }
  evmChains: readonly { id: number; name: string; [key: string]: unknown }[]
  /** Every other network, with the CAIP-2 id, the name and what it is made from. */
  otherNetworks: readonly {
    caipNetworkId: string
    name: string
    namespace: 'solana' | 'bip122' | 'cosmos' | 'polkadot'
    parameters: Record<string, unknown>
  }[]
  relayUrl: string
  frameUrl: string
  projectId: string
  serverUrl: string
  passkeys: boolean
}

const width = 100
const identifierKey = /^[A-Za-z_$][\w$]*$/

const printKey = (key: string) => (identifierKey.test(key) ? key : `'${key}'`)

/** A JavaScript literal of `value`, on one line when it fits in `width` after `indent`. */
function print(value: unknown, indent = ''): string {
  if (value instanceof Source) return value.text
  if (typeof value === 'string') return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
  if (typeof value !== 'object' || value === null) return String(value)
  const inner = `${indent}  `
  const isArray = Array.isArray(value)
  const entries = isArray
    ? (value as unknown[]).map((item) => print(item, inner))
    : Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .map(([key, item]) =>
          item instanceof Source && item.text === key
            ? key
            : `${printKey(key)}: ${print(item, inner)}`,
        )
  const [open, close] = isArray ? ['[', ']'] : ['{ ', ' }']
  if (entries.length === 0) return isArray ? '[]' : '{}'
  const line = `${open}${entries.join(', ')}${close}`
  if (indent.length + line.length <= width && !line.includes('\n')) return line
  return `${open.trim()}\n${entries.map((entry) => `${inner}${entry},`).join('\n')}\n${indent}${close.trim()}`
}

/** `Foyer Devnet A` → `foyerDevnetA`. */
function variableName(name: string) {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean)
  return words
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('')
}

const networkFactories = {
  solana: { package: '@foyer/solana', create: 'createSolanaLocalnet', adapter: 'solanaAdapter' },
  bip122: { package: '@foyer/bitcoin', create: 'createBitcoinRegtest', adapter: 'bitcoinAdapter' },
  cosmos: { package: '@foyer/cosmos', create: 'createCosmosNetwork', adapter: 'cosmosAdapter' },
  polkadot: {
    package: '@foyer/polkadot',
    create: 'createPolkadotNetwork',
    adapter: 'polkadotAdapter',
  },
} as const

/**
 * The `createFoyer({…})` call that gives the demo's dialog with `settings`: the same networks,
 * adapters and options `createDemoFoyer` passes, printed as an app would write them.
 */
export function playgroundCode(settings: PlaygroundSettings, world: PlaygroundCodeWorld): string {
  const evmChains = world.evmChains.filter((chain) =>
    settings.networks.includes(`eip155:${chain.id}`),
  )
  const others = world.otherNetworks.filter((network) =>
    settings.networks.includes(network.caipNetworkId),
  )
  const imports = new Map<string, string[]>([
    ['@foyer/core', ['createFoyer']],
    ['@foyer/evm', ['evmAdapter']],
  ])
  const declarations: string[] = [`const metadata = ${print({ ...world.metadata, icons: [] })}`]
  const networks: Source[] = []
  for (const chain of evmChains) {
    const name = variableName(chain.name)
    declarations.push(`const ${name} = ${print(chain)}`)
    networks.push(source(name))
  }
  const adapters: Source[] = [
    source('evmAdapter()'),
    source(
      `walletConnectAdapter(${print({ relayUrl: world.relayUrl, metadata: source('metadata') }, '  ')})`,
    ),
  ]
  imports.set('@foyer/walletconnect', ['walletConnectAdapter'])
  for (const network of others) {
    const factory = networkFactories[network.namespace]
    const name = variableName(network.name)
    imports.set(factory.package, [factory.adapter, factory.create].sort())
    declarations.push(`const ${name} = ${factory.create}(${print(network.parameters)})`)
    networks.push(source(name))
    adapters.push(
      source(
        network.namespace === 'polkadot'
          ? `${factory.adapter}({ appName: metadata.name })`
          : `${factory.adapter}()`,
      ),
    )
  }
  adapters.push(
    source(
      `embeddedWalletAdapter(${print(
        { frameUrl: world.frameUrl, projectId: world.projectId, passkeys: world.passkeys },
        '    ',
      )})`,
    ),
  )
  imports.set('@foyer/frame/connector', ['embeddedWalletAdapter'])
  const config = {
    networks,
    adapters,
    metadata: source('metadata'),
    projectId: world.projectId,
    serverUrl: world.serverUrl,
    ...playgroundOptions(settings, world.origin),
  }
  const importLines = [...imports]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([from, names]) => `import { ${names.join(', ')} } from '${from}'`)
  return `${importLines.join('\n')}\n\n${declarations.join('\n')}\n\nexport const foyer = createFoyer(${print(config)})\n`
}
