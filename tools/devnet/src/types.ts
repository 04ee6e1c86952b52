import type { Address, Hex } from 'viem'
import type { BitcoinDevnet } from './bitcoin/types.ts'
import type { CosmosDevnet } from './cosmos/types.ts'
import type { PolkadotDevnet } from './polkadot/types.ts'
import type { SolanaDevnet } from './solana/types.ts'

export type DevnetToken = { address: Address; symbol: string; name: string; decimals: number }

export type DevnetPool = { address: Address; token0: Address; token1: Address }

/** ENS: the registry and resolvers from ENS's npm builds, and a universal resolver for viem. */
export type DevnetEnsContracts = {
  ensRegistry: Address
  ensPublicResolver: Address
  ensReverseRegistrar: Address
  /** What viem's `getEnsName`/`getEnsAddress`/`getEnsText`/`getEnsAvatar` call. */
  ensUniversalResolver: Address
  /**
   * The `SignedOffchainResolver` of `Devnet.names.zone` (EIP-3668 CCIP-read): every name below
   * the zone is answered by the Foyer server's gateway, signed by `Devnet.names.gatewaySigner`.
   */
  offchainResolver: Address
}

/**
 * The names the Foyer server registers (`<label>.<zone>`) and serves to any ENS client through
 * the zone's offchain resolver (`contracts.offchainResolver` of every chain).
 */
export type DevnetNames = {
  /** `foyer.eth`. */
  zone: string
  /** The gateway URL template the resolvers were deployed with. */
  gatewayUrl: string
  /** The key the resolvers trust; the server signs its gateway answers with it. Dev only. */
  gatewaySigner: { address: Address; privateKey: Hex }
}

/** A name registered at start, with its forward (addr) and primary (reverse) record. */
export type DevnetEnsName = {
  name: string
  address: Address
  /** The `avatar` text record, when the name has one. */
  avatar?: string | undefined
}

/**
 * ERC-4337 v0.7 at its canonical addresses, from `@account-abstraction/contracts@0.7.0`'s
 * published bytecode (the same addresses as on every public chain).
 */
export type DevnetAccountAbstractionContracts = {
  /** EntryPoint v0.7, `0x0000000071727De22E5E9d8BAf0edAc6f37da032` (viem's `entryPoint07Address`). */
  entryPoint07: Address
  /** SimpleAccountFactory v0.7, `0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985`. */
  simpleAccountFactory: Address
}

/**
 * MetaMask's Delegation Framework v1.3 (`@metamask/delegation-abis`' published bytecode), CREATE2
 * through the deterministic deployer: smart accounts that delegate (HybridDeleGator) and the
 * caveat enforcers of smart sessions.
 */
export type DevnetDelegationContracts = {
  delegationManager: Address
  /** The HybridDeleGator implementation the embedded wallet's smart accounts proxy to. */
  hybridDeleGatorImpl: Address
  /** The factory that deploys DeleGator proxies (CREATE2). */
  simpleFactory: Address
  /** The P-256 verifier library HybridDeleGator links. */
  sclLibrary: Address
  timestampEnforcer: Address
  allowedTargetsEnforcer: Address
  allowedMethodsEnforcer: Address
  erc20TransferAmountEnforcer: Address
  valueLteEnforcer: Address
}

export type DevnetContracts = DevnetEnsContracts &
  DevnetAccountAbstractionContracts &
  DevnetDelegationContracts & {
    usdc: Address
    dai: Address
    weth: Address
    uniswapV2Factory: Address
    uniswapV2Router02: Address
    /** The "Foyer Devnet Punks" (FDP) ERC-721 collection. */
    nft: Address
  }

export type DevnetChain = {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency: { name: 'Ether'; symbol: 'ETH'; decimals: 18 }
  contracts: DevnetContracts
  tokens: DevnetToken[]
  pools: DevnetPool[]
  /** Same as `contracts.ensUniversalResolver`; the key the server's chain config reads. */
  ensUniversalResolver?: Address | undefined
  /** Names registered at start (`alice.eth` → account 0, `bob.eth` → account 1). */
  ensNames?: DevnetEnsName[] | undefined
}

/** A Farcaster account registered on every devnet chain (fixed, public dev keys). */
export type DevnetFarcasterAccount = {
  fid: number
  username: string
  displayName: string
  pfpUrl?: string | undefined
  /** Owns the fid in the IdRegistry (`idOf(custodyAddress) == fid`); signs in as `custody`. */
  custodyAddress: Address
  custodyPrivateKey: Hex
  /** An auth address (KeyRegistry key type 2, ADDED) of the fid; signs in as `authAddress`. */
  authAddress?: Address | undefined
  authPrivateKey?: Hex | undefined
}

/**
 * Farcaster's registries as the devnet installs them on every chain, at their OP-mainnet
 * addresses, so Sign In With Farcaster verifies against any devnet chain's RPC.
 */
export type DevnetFarcaster = {
  idRegistry: Address
  keyRegistry: Address
  accounts: DevnetFarcasterAccount[]
}

/** The description of a running devnet, as written to the devnet JSON file. */
export type Devnet = {
  chains: DevnetChain[]
  /** anvil's 10 default accounts (10000 ETH, 1,000,000 USDC and 1,000,000 DAI on every chain). */
  accounts: { address: Address; privateKey: Hex }[]
  /** Deployed the contracts, owns the pool liquidity and may mint more tokens and NFTs. */
  deployer: { address: Address; privateKey: Hex }
  /**
   * The on-ramp sandbox's treasury (`devnetOnRampTreasury()`): on every chain 10,000 ETH,
   * 100,000,000 USDC and 100,000,000 DAI (`onRampTreasuryAmounts`). It delivers test purchases.
   */
  onRampTreasury?: { address: Address; privateKey: Hex } | undefined
  /**
   * The account of the demo's gallery and the screenshot suite (`devnetGalleryAccount()`): on every
   * chain 10,000 ETH, 1,000,000 USDC and DAI and NFT #4. No test sends from or to it.
   */
  galleryAccount?: { address: Address; privateKey: Hex } | undefined
  /** The offchain names' zone and gateway signer, the same on every chain. */
  names?: DevnetNames | undefined
  /** Farcaster's IdRegistry and KeyRegistry stand-ins and accounts, the same on every chain. */
  farcaster?: DevnetFarcaster | undefined
  /** Present when the Solana devnet was started too (`startDevnet({ solana })`). */
  solana?: SolanaDevnet | undefined
  /** Present when the Bitcoin regtest devnet was started too (`startDevnet({ bitcoin })`). */
  bitcoin?: BitcoinDevnet | undefined
  /** Present when the local Cosmos chain was started too (`startDevnet({ cosmos })`). */
  cosmos?: CosmosDevnet | undefined
  /** Present when the local Polkadot chain was started too (`startDevnet({ polkadot })`). */
  polkadot?: PolkadotDevnet | undefined
}
