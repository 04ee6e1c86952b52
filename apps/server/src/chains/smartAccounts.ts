import type { SmartAccountNetwork } from '@foyer/protocol'
import type { Address } from 'viem'
import { ConfigError } from '../errors.ts'
import type { ChainConfig } from './types.ts'

/** A bundler the operator configured (`FOYER_BUNDLER_URLS`). */
export type BundlerUrl = { chainId: number; url: string }

/** The contracts a smart-account network needs besides its bundler. */
export type SmartAccountContracts = Omit<SmartAccountNetwork, 'chainId' | 'bundlerUrl'>

/**
 * ERC-4337 v0.7's EntryPoint and MetaMask's Delegation Framework v1.3 at the addresses they have
 * on every public chain that has them (`@metamask/delegation-deployments` 1.3.0).
 */
export const canonicalAccountAbstraction = {
  entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  factory: '0x69Aa2f9fe1572F1B640E1bbc512f5c3a734fc77c',
  implementation: '0x48dBe696A4D990079e039489bA2053B36E8FFEC4',
  delegationManager: '0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3',
  enforcers: {
    timestamp: '0x1046bb45C8d673d4ea75321280DB34899413c069',
    allowedTargets: '0x7F20f61b1f09b08D970938F6fa563634d65c4EeB',
    allowedMethods: '0x2c21fD0Cb9DC8445CB3fb0DC5E7Bb0Aca01842B5',
    erc20TransferAmount: '0xf100b0819427117EcF76Ed94B358B1A5b5C6D2Fc',
    valueLte: '0x92Bf12322527cAA612fd31a0e810472BBB106A8F',
  },
} as const satisfies SmartAccountContracts & { entryPoint: Address }

/**
 * `FOYER_BUNDLER_URLS`: comma-separated `chainId=url` entries, the chain id bare (`31337`) or
 * CAIP-2 (`eip155:31337`), the URL http(s), e.g.
 * `eip155:31337=http://127.0.0.1:4337,eip155:31338=http://127.0.0.1:4338`. Unset or empty: none.
 */
export function parseBundlerUrls(
  value: string | undefined,
  name = 'FOYER_BUNDLER_URLS',
): BundlerUrl[] | undefined {
  if (!value?.trim()) return undefined
  const bundlers: BundlerUrl[] = []
  for (const entry of value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const match = /^(?:eip155:)?(\d{1,15})=(\S+)$/.exec(entry)
    const url = match?.[2]
    if (!match || !url || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
      throw new ConfigError(
        `${name} entry "${entry}" is not chainId=http(s)://… (e.g. eip155:31337=http://127.0.0.1:4337)`,
      )
    const chainId = Number(match[1])
    if (chainId < 1) throw new ConfigError(`${name} entry "${entry}" has no valid chain id`)
    if (bundlers.some((bundler) => bundler.chainId === chainId))
      throw new ConfigError(`${name} lists chain ${chainId} twice`)
    bundlers.push({ chainId, url })
  }
  return bundlers
}

/**
 * The smart-account networks the server lists (`/appkit/v1/config`): every configured bundler,
 * with the EntryPoint and Delegation Framework of its chain (the devnet file's, else the
 * canonical ones). A bundler for a network the server does not serve is a configuration mistake: the
 * wallet would have no RPC to read the account through.
 */
export function resolveSmartAccountNetworks(parameters: {
  chains: readonly ChainConfig[]
  bundlerUrls: readonly BundlerUrl[] | undefined
}): SmartAccountNetwork[] {
  const { chains, bundlerUrls = [] } = parameters
  return bundlerUrls.map(({ chainId, url }) => {
    const chain = chains.find((candidate) => candidate.chainId === chainId)
    if (!chain)
      throw new ConfigError(
        `FOYER_BUNDLER_URLS lists chain ${chainId}, which this server does not serve (add it to FOYER_RPC_URLS or the devnet file)`,
      )
    const contracts: SmartAccountContracts = chain.accountAbstraction ?? canonicalAccountAbstraction
    return { chainId: `eip155:${chainId}`, bundlerUrl: url, ...contracts }
  })
}
