import type { SmartAccountNetwork } from '@foyer/protocol'
import type { Address } from 'viem'
import { ConfigError } from '../errors.ts'
import type { ChainConfig } from './types.ts'

/** A bundler the operator configured (`FOYER_BUNDLER_URLS`). */
export type BundlerUrl = { chainId: number; url: string }

/**
 * ERC-4337 v0.7 at its canonical addresses, the same on every chain that has it (and on the
 * devnet): the EntryPoint and eth-infinitism's SimpleAccountFactory.
 */
export const canonicalAccountAbstraction = {
  entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  factory: '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985',
} as const satisfies { entryPoint: Address; factory: Address }

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
 * with the EntryPoint and factory of its chain (the devnet file's, else the canonical v0.7
 * ones). A bundler for a network the server does not serve is a configuration mistake: the
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
    const contracts = chain.accountAbstraction ?? canonicalAccountAbstraction
    return {
      chainId: `eip155:${chainId}`,
      bundlerUrl: url,
      entryPoint: contracts.entryPoint,
      factory: contracts.factory,
    }
  })
}
