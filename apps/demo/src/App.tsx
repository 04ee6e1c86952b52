import world from 'virtual:foyer-world'
import { useEffect, useState } from 'react'
import { createPublicClient, http } from 'viem'

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
      {name}: <output data-testid={`chain-id-${rpcUrl}`}>{chainId ?? error ?? '…'}</output>
    </li>
  )
}

export function App() {
  return (
    <main>
      <h1>Foyer demo</h1>
      <section aria-labelledby="world-title">
        <h2 id="world-title">Local world</h2>
        <ul>
          {world.devnet.chains.map((chain) => (
            <ChainStatus key={chain.chainId} rpcUrl={chain.rpcUrl} name={chain.name} />
          ))}
        </ul>
      </section>
    </main>
  )
}
