import type { Devnet } from '@foyer/devnet'
import { solanaCaip2, solanaLocalNetworkName } from './fromDevnet.ts'

/** What the Foyer server shows as the provider's name when it talks to the sandbox. */
export const sandboxProviderName = 'Foyer Sandbox'

export type OnRampServerEnvParameters = {
  /** The sandbox's URL (`createOnRampSandbox().url`): both the API's and the checkout's base. */
  url: string
  /** The key the server signs its JWTs with (`createOnRampSandboxKey()`). */
  apiKey: { name: string; privateKeyPem: string }
  /** The sandbox's `eurUsd`. */
  eurUsd: number
  /** For the CAIP-2 id of the Solana devnet, when it runs. */
  devnet?: Pick<Devnet, 'solana'> | undefined
}

/**
 * The environment that points the Foyer server's Coinbase provider at the sandbox.
 * `FOYER_ONRAMP_NETWORKS` maps the sandbox's network names that carry no chain id to CAIP-2
 * (`name=caip2`, comma-separated); EVM networks map by their chain id.
 */
export function onRampServerEnv(parameters: OnRampServerEnvParameters): Record<string, string> {
  const { url, apiKey, eurUsd, devnet } = parameters
  return {
    FOYER_ONRAMP_API_URL: url,
    FOYER_ONRAMP_PAY_URL: url,
    FOYER_ONRAMP_API_KEY_NAME: apiKey.name,
    FOYER_ONRAMP_API_KEY_SECRET: apiKey.privateKeyPem,
    FOYER_ONRAMP_PROVIDER_NAME: sandboxProviderName,
    ...(devnet?.solana
      ? {
          FOYER_ONRAMP_NETWORKS: `${solanaLocalNetworkName}=${solanaCaip2(devnet.solana.genesisHash)}`,
        }
      : {}),
    FOYER_ONRAMP_EUR_USD: String(eurUsd),
  }
}
