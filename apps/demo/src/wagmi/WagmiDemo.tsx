import type { Foyer } from '@foyer/core'
import { ConnectButton, FoyerProvider, useAccount as useFoyerAccount } from '@foyer/react'
import { foyer as foyerConnector, wagmiAdapter, watchWagmi } from '@foyer/wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { Chain } from 'viem'
import {
  type Config,
  createConfig,
  createStorage,
  http,
  injected,
  useAccount,
  useConnect,
  useDisconnect,
  useSignMessage,
  useSwitchChain,
  WagmiProvider,
} from 'wagmi'
import { devnetChains } from '../chains.ts'
import { createDemoFoyer } from '../foyer.ts'

export const wagmiDemoMessage = 'Signed with wagmi through Foyer'

/**
 * The demo as an app built on wagmi sets Foyer up: Foyer gets `wagmiAdapter()` (wagmi's own
 * connections show in its dialog), the wagmi config gets the `foyer()` connector (what the visitor
 * connects in Foyer's dialog is a wagmi connection).
 */
export function createWagmiDemo(): { foyer: Foyer; config: Config } {
  const foyer = createDemoFoyer({ adapters: [wagmiAdapter()] })
  const chains = devnetChains as unknown as [Chain, ...Chain[]]
  const config = createConfig({
    chains,
    connectors: [
      foyerConnector({ foyer }),
      // wagmi's own injected connector, to show its connections in Foyer's dialog: the test wallet
      // of `?testWallet=1` (announced over EIP-6963 only), else `window.ethereum`.
      injected({
        target: () => ({
          id: 'injected',
          name: 'Injected',
          provider: () =>
            (window.foyerTestWallet ?? (window as { ethereum?: unknown }).ethereum) as never,
        }),
      }),
    ],
    // Only the connectors above: the dialog is where the visitor picks among announced wallets.
    multiInjectedProviderDiscovery: false,
    transports: Object.fromEntries(
      chains.map((chain) => [chain.id, http(chain.rpcUrls.default.http[0])]),
    ),
    storage: createStorage({ storage: window.localStorage, key: 'foyer-demo.wagmi' }),
  })
  return { foyer, config }
}

export function WagmiDemo({ foyer, config }: { foyer: Foyer; config: Config }) {
  const [queryClient] = useState(() => new QueryClient())
  useEffect(() => watchWagmi({ foyer, config }), [foyer, config])
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <FoyerProvider foyer={foyer}>
          <main className="demo">
            <header>
              <h1>Foyer demo with wagmi</h1>
              <nav aria-label="Wallet">
                <ConnectButton />
              </nav>
            </header>
            <WagmiPanel />
          </main>
        </FoyerProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}

/** What the app's wagmi hooks see, and wagmi actions on Foyer's wallet. */
function WagmiPanel() {
  const { address, chainId, status, connector } = useAccount()
  const { connect, connectors, error: connectError } = useConnect()
  const { disconnect } = useDisconnect()
  const { chains, switchChain, error: switchError } = useSwitchChain()
  const { signMessage, data: signature, error: signError } = useSignMessage()
  const foyerAccount = useFoyerAccount()
  const error = connectError ?? switchError ?? signError
  return (
    <section aria-labelledby="wagmi-title">
      <h2 id="wagmi-title">wagmi</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="wagmi-status">{status}</dd>
        <dt>Address</dt>
        <dd data-testid="wagmi-address">{address ?? '—'}</dd>
        <dt>Chain</dt>
        <dd data-testid="wagmi-chain-id">{chainId ?? '—'}</dd>
        <dt>Connector</dt>
        <dd data-testid="wagmi-connector">{connector?.id ?? '—'}</dd>
        <dt>Foyer's account</dt>
        <dd data-testid="foyer-address">{foyerAccount.address ?? '—'}</dd>
      </dl>
      <p>
        {connectors.map((candidate) => (
          <button
            key={candidate.uid}
            type="button"
            data-testid={`wagmi-connect-${candidate.id}`}
            onClick={() => connect({ connector: candidate })}
          >
            wagmi connect: {candidate.name}
          </button>
        ))}{' '}
        <button type="button" disabled={status !== 'connected'} onClick={() => disconnect()}>
          wagmi disconnect
        </button>
      </p>
      <p>
        {chains.map((chain) => (
          <button
            key={chain.id}
            type="button"
            data-testid={`wagmi-switch-${chain.id}`}
            disabled={status !== 'connected' || chain.id === chainId}
            onClick={() => switchChain({ chainId: chain.id })}
          >
            Switch to {chain.name}
          </button>
        ))}
      </p>
      <p>
        <button
          type="button"
          data-testid="wagmi-sign"
          disabled={status !== 'connected'}
          onClick={() => signMessage({ message: wagmiDemoMessage })}
        >
          Sign “{wagmiDemoMessage}” with useSignMessage
        </button>
      </p>
      {signature ? <output data-testid="wagmi-signature">{signature}</output> : null}
      {error ? (
        <p role="alert" data-testid="wagmi-error">
          {error.message}
        </p>
      ) : null}
    </section>
  )
}
