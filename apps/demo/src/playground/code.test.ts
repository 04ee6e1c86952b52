import { describe, expect, test } from 'vitest'
import { type PlaygroundCodeWorld, playgroundCode } from './code.ts'
import {
  defaultPlaygroundFeatures,
  type PlaygroundSettings,
  playgroundOptions,
} from './settings.ts'

const world: PlaygroundCodeWorld = {
  origin: 'http://127.0.0.1:5173',
  metadata: { name: 'Foyer demo', description: 'The demo', url: 'http://127.0.0.1:5173' },
  evmChains: [
    {
      id: 31337,
      name: 'Foyer Devnet A',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
      testnet: true,
    },
    {
      id: 31338,
      name: 'Foyer Devnet B',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
      testnet: true,
    },
  ],
  otherNetworks: [
    {
      caipNetworkId: 'solana:CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3',
      name: 'Solana Localnet',
      namespace: 'solana',
      parameters: {
        rpcUrl: 'http://127.0.0.1:8899',
        genesisHash: 'CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3',
      },
    },
    {
      caipNetworkId: 'polkadot:45454545454545454545454545454545',
      name: 'Polkadot Local',
      namespace: 'polkadot',
      parameters: { wsUrl: 'ws://127.0.0.1:9944', name: 'Polkadot Local' },
    },
  ],
  relayUrl: 'ws://127.0.0.1:4402',
  frameUrl: 'http://127.0.0.1:4401/',
  projectId: 'foyer-dev',
  serverUrl: 'http://127.0.0.1:4400',
  passkeys: false,
}

const settings: PlaygroundSettings = {
  themeMode: 'dark',
  accent: undefined,
  radius: undefined,
  locale: undefined,
  features: defaultPlaygroundFeatures,
  siwx: false,
  networks: ['eip155:31337', 'eip155:31338', 'solana:CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3'],
}

/**
 * Runs the printed code with every import replaced by a function that records its arguments, and
 * returns what it passed to `createFoyer`.
 */
function runCode(code: string) {
  const imported = [...code.matchAll(/^import \{ ([^}]+) \} from '([^']+)'$/gm)].flatMap((match) =>
    match[1]!.split(', ').map((name) => [name, match[2]!] as const),
  )
  const body = code
    .replace(/^import .*$/gm, '')
    .replace('export const foyer = createFoyer(', 'return createFoyer(')
  const stand_ins = imported.map(([name, from]) =>
    name === 'createFoyer'
      ? (config: unknown) => config
      : (...args: unknown[]) => ({ [name]: args, from }),
  )
  return new Function(...imported.map(([name]) => name), body)(...stand_ins) as Record<
    string,
    unknown
  >
}

describe('playgroundCode', () => {
  test('prints the createFoyer call of the chosen networks, with the adapters they need', () => {
    const config = runCode(playgroundCode(settings, world))
    expect(config.networks).toEqual([
      world.evmChains[0],
      world.evmChains[1],
      { createSolanaLocalnet: [world.otherNetworks[0]!.parameters], from: '@foyer/solana' },
    ])
    expect(config.adapters).toEqual([
      { evmAdapter: [], from: '@foyer/evm' },
      {
        walletConnectAdapter: [
          { relayUrl: world.relayUrl, metadata: { ...world.metadata, icons: [] } },
        ],
        from: '@foyer/walletconnect',
      },
      { solanaAdapter: [], from: '@foyer/solana' },
      {
        embeddedWalletAdapter: [
          { frameUrl: world.frameUrl, projectId: 'foyer-dev', passkeys: false },
        ],
        from: '@foyer/frame/connector',
      },
    ])
    expect(config).toMatchObject({ projectId: 'foyer-dev', serverUrl: world.serverUrl })
    // Foyer's defaults are left out.
    expect(config).not.toHaveProperty('themeMode')
    expect(config).not.toHaveProperty('features')
  })

  test('an accent, a radius, a theme and a language chosen in the playground are in the code', () => {
    const chosen: PlaygroundSettings = {
      ...settings,
      themeMode: 'light',
      accent: '#2dd4bf',
      radius: 4,
      locale: 'de',
    }
    const config = runCode(playgroundCode(chosen, world))
    expect(config.themeVariables).toEqual({
      '--foyer-accent': '#2dd4bf',
      '--foyer-border-radius': '4px',
    })
    expect(config).toMatchObject({ themeMode: 'light', locale: 'de' })
    expect(config).toMatchObject(playgroundOptions(chosen, world.origin))
  })

  test('features turned off or on, sign-in and the legal links are in the code', () => {
    const chosen: PlaygroundSettings = {
      ...settings,
      features: { ...defaultPlaygroundFeatures, socials: false, swaps: false, legalCheckbox: true },
      siwx: true,
      networks: ['polkadot:45454545454545454545454545454545'],
    }
    const config = runCode(playgroundCode(chosen, world))
    expect(config.features).toEqual({ socials: false, swaps: false, legalCheckbox: true })
    expect(config.siwx).toEqual({ statement: 'Sign in to the Foyer demo' })
    expect(config).toMatchObject({
      termsConditionsUrl: 'http://127.0.0.1:5173/terms',
      privacyPolicyUrl: 'http://127.0.0.1:5173/privacy',
    })
    expect(config.networks).toEqual([
      { createPolkadotNetwork: [world.otherNetworks[1]!.parameters], from: '@foyer/polkadot' },
    ])
    expect(config.adapters).toContainEqual({
      polkadotAdapter: [{ appName: 'Foyer demo' }],
      from: '@foyer/polkadot',
    })
  })
})
