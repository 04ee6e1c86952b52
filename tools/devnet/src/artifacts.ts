import { readFileSync } from 'node:fs'
import type { Hex } from 'viem'

export type ArtifactName =
  | 'DevnetToken'
  | 'DevnetPunks'
  | 'WETH9'
  | 'UniswapV2Factory'
  | 'UniswapV2Pair'
  | 'UniswapV2Router02'
  | 'ENSRegistry'
  | 'PublicResolver'
  | 'ReverseRegistrar'
  | 'MiniUniversalResolver'
  | 'SignedOffchainResolver'
  | 'Erc1271Wallet'
  | 'EntryPoint07'
  | 'SimpleAccountFactory07'

/**
 * Reads the init code of a contract from the committed artifacts (written by
 * `scripts/compile.mjs`), so starting the devnet never runs solc.
 */
export function readArtifactBytecode(name: ArtifactName): Hex {
  const url = new URL(`../artifacts/${name}.json`, import.meta.url)
  const artifact = JSON.parse(readFileSync(url, 'utf8')) as { bytecode: Hex }
  return artifact.bytecode
}
