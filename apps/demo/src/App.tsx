import * as world from 'virtual:foyer-world'
import type { Foyer } from '@foyer/core'
import {
  ConnectButton,
  FoyerProvider,
  NetworkButton,
  useAccount,
  useBalance,
  useDialog,
  useNetwork,
  useSession,
} from '@foyer/react'
import { useEffect, useState } from 'react'
import { createPublicClient, http } from 'viem'
import { ActionsPanel } from './ActionsPanel.tsx'
import { TestWalletPanel } from './TestWalletPanel.tsx'

/** Reads the chain id from each devnet chain's RPC, as proof the page talks to the local world. */
function ChainStatus({ rpcUrl, name }: { rpcUrl: string; name: string }) {
  const [chainId, setChainId] = useState<number | undefined>()
  const [error, setError] = useState<string | undefined>()
  useEffect(() => {
    const client = createPublicClient({ transport: http(rpcUrl) })
    client.getChainId().then(setChainId, (e: Error) => setError(e.message))
  }, [rpcUrl])
  return (
    <li>
      {name} ({rpcUrl}):{' '}
      <output data-testid={`chain-id-${rpcUrl}`}>{chainId ?? error ?? '…'}</output>
    </li>
  )
}

/** What the hooks report, as a laboratory readout. */
function HooksPanel() {
  const account = useAccount()
  const network = useNetwork()
  const balance = useBalance()
  const dialog = useDialog()
  const signIn = useSession()
  const readout = {
    useAccount: {
      status: account.status,
      address: account.address,
      caipAddress: account.caipAddress,
      namespace: account.namespace,
    },
    useNetwork: {
      caipNetworkId: network.network.caipNetworkId,
      name: network.network.name,
    },
    useBalance: { balance: balance.balance, symbol: balance.symbol },
    useDialog: { open: dialog.open, view: dialog.view },
    useSession: { status: signIn.status, address: signIn.session?.address },
  }
  return (
    <section aria-labelledby="hooks-title">
      <h2 id="hooks-title">Hooks</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="status">{account.status}</dd>
        <dt>Address</dt>
        <dd data-testid="address">{account.address ?? '—'}</dd>
        <dt>Network</dt>
        <dd data-testid="network">{network.network.caipNetworkId ?? '—'}</dd>
        <dt>Signed in as</dt>
        <dd data-testid="session">{signIn.session?.address ?? '—'}</dd>
      </dl>
      <pre data-testid="hooks-readout">{JSON.stringify(readout, null, 2)}</pre>
    </section>
  )
}

export function App({ foyer }: { foyer: Foyer }) {
  return (
    <FoyerProvider foyer={foyer}>
      <main className="demo">
        <header>
          <h1>Foyer demo</h1>
          <nav aria-label="Wallet">
            <NetworkButton />
            <ConnectButton />
          </nav>
        </header>
        <HooksPanel />
        <ActionsPanel />
        <TestWalletPanel />
        <section aria-labelledby="world-title">
          <h2 id="world-title">Local world</h2>
          <ul>
            {world.chains.map((chain) => (
              <ChainStatus key={chain.chainId} rpcUrl={chain.rpcUrl} name={chain.name} />
            ))}
          </ul>
          <p>
            Server <a href={`${world.serverUrl}/health`}>{world.serverUrl}</a>, project{' '}
            <code>{world.projectId}</code>.
          </p>
        </section>
      </main>
    </FoyerProvider>
  )
}
