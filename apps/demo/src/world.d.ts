declare module 'virtual:foyer-world' {
  import type { Devnet } from '@foyer/devnet'

  const world: { devnet: Devnet; serverUrl: string; relayUrl: string; projectId: string }
  export default world
}
