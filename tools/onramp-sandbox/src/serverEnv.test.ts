import { describe, expect, it } from 'vitest'
import { onRampServerEnv } from './serverEnv.ts'

describe('onRampServerEnv', () => {
  const apiKey = { name: 'foyer-world', privateKeyPem: '-----BEGIN PRIVATE KEY-----\nabc\n' }

  it('points the server at the sandbox and maps the Solana devnet to its CAIP-2 id', () => {
    expect(
      onRampServerEnv({
        url: 'http://127.0.0.1:4406',
        apiKey,
        eurUsd: 1.08,
        devnet: {
          solana: {
            genesisHash: 'CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3PECGUCAEMbky',
          } as never,
        },
      }),
    ).toEqual({
      FOYER_ONRAMP_API_URL: 'http://127.0.0.1:4406',
      FOYER_ONRAMP_PAY_URL: 'http://127.0.0.1:4406',
      FOYER_ONRAMP_API_KEY_NAME: 'foyer-world',
      FOYER_ONRAMP_API_KEY_SECRET: apiKey.privateKeyPem,
      FOYER_ONRAMP_PROVIDER_NAME: 'Foyer Sandbox',
      FOYER_ONRAMP_NETWORKS: 'foyer-solana-local=solana:CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3',
      FOYER_ONRAMP_EUR_USD: '1.08',
    })
  })

  it('maps nothing without Solana: EVM networks map by chain id', () => {
    const env = onRampServerEnv({ url: 'http://127.0.0.1:1', apiKey, eurUsd: 1.1 })
    expect(env).not.toHaveProperty('FOYER_ONRAMP_NETWORKS')
    expect(env.FOYER_ONRAMP_EUR_USD).toBe('1.1')
  })
})
