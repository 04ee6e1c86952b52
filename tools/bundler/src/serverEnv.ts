/** A running bundler of one EVM chain. */
export type BundlerEndpoint = { chainId: number; url: string }

/**
 * The Foyer server's environment for the bundlers: `FOYER_BUNDLER_URLS`, a comma-separated list
 * of `eip155:<chainId>=<url>` (the server also accepts a bare `<chainId>=<url>`). The server lists
 * these networks as smart-account networks, with the EntryPoint and factory of its devnet file.
 */
export function bundlerServerEnv(bundlers: readonly BundlerEndpoint[]): {
  FOYER_BUNDLER_URLS: string
} {
  return {
    FOYER_BUNDLER_URLS: bundlers
      .map((bundler) => `eip155:${bundler.chainId}=${bundler.url}`)
      .join(','),
  }
}
