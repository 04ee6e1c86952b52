declare module 'virtual:foyer-world' {
  import type { Devnet } from '@foyer/devnet'
  export const chains: Devnet['chains']
  export const accounts: Devnet['accounts']
  export const galleryAccount: NonNullable<Devnet['galleryAccount']> | null
  export const solana: NonNullable<Devnet['solana']> | null
  export const bitcoin: NonNullable<Devnet['bitcoin']> | null
  export const cosmos: NonNullable<Devnet['cosmos']> | null
  export const polkadot: NonNullable<Devnet['polkadot']> | null
  export const serverUrl: string
  export const relayUrl: string
  export const frameUrl: string
  export const projectId: string
}

declare module 'virtual:foyer-world-chains' {
  import type { DevnetChain } from '@foyer/devnet'
  export const chains: Pick<DevnetChain, 'chainId' | 'name' | 'nativeCurrency' | 'rpcUrl'>[]
}

declare module 'virtual:foyer-world-services' {
  export const serverUrl: string
  export const relayUrl: string
  export const frameUrl: string
  export const projectId: string
}
