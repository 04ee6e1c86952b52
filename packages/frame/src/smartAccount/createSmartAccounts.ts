import type { Hex } from 'viem'
import type { SmartAccountsContext } from '../frame/handleRpcRequest.ts'
import {
  createSmartAccountClients,
  deleGatorDeployment,
  isSmartAccountDeployed,
  type SmartAccountClients,
  type SmartAccountNetworks,
} from './delegator.ts'

/** How long GET_USER waits for the smart account's address and code before leaving it out. */
const smartAccountLookupMs = 5_000

/**
 * The visitor's smart accounts: one client pair per network with a bundler, the counterfactual
 * address per owner and network (it never changes), and whether it is deployed (cached once so).
 */
export function createSmartAccounts(parameters: {
  networks: SmartAccountNetworks
  rpcUrls: Readonly<Record<number, string>>
  owner: () => Hex | undefined
}) {
  const { networks, rpcUrls, owner } = parameters
  const chainIds = Object.keys(networks)
    .map(Number)
    .filter((chainId) => rpcUrls[chainId] !== undefined)
  const clients = new Map<number, SmartAccountClients>()
  const addresses = new Map<string, Hex>()
  const deployed = new Set<string>()
  const context: SmartAccountsContext = {
    chainIds,
    async get(chainId) {
      const network = networks[chainId]
      const rpcUrl = rpcUrls[chainId]
      const ownerAddress = owner()
      if (!network || !rpcUrl || !ownerAddress) return undefined
      let pair = clients.get(chainId)
      if (!pair) {
        pair = createSmartAccountClients({ chainId, rpcUrl, network })
        clients.set(chainId, pair)
      }
      const key = `${chainId}:${ownerAddress.toLowerCase()}`
      let address = addresses.get(key)
      if (!address) {
        // CREATE2: the address follows from the factory, implementation and owner alone.
        address = deleGatorDeployment(network, ownerAddress).address
        addresses.set(key, address)
      }
      return { address, clients: pair }
    },
  }
  return {
    context,
    /** The account of `chainId` for GET_USER, or undefined (no bundler, node unreachable). */
    async describe(chainId: number): Promise<{ address: Hex; deployed: boolean } | undefined> {
      if (!chainIds.includes(chainId)) return undefined
      let timer: ReturnType<typeof setTimeout> | undefined
      const lookup = (async () => {
        const account = await context.get(chainId)
        if (!account) return undefined
        const key = `${chainId}:${account.address.toLowerCase()}`
        if (
          !deployed.has(key) &&
          (await isSmartAccountDeployed(account.clients.client, account.address))
        )
          deployed.add(key)
        return { address: account.address, deployed: deployed.has(key) }
      })()
      return Promise.race([
        lookup,
        new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), smartAccountLookupMs)
        }),
      ])
        .catch(() => undefined)
        .finally(() => clearTimeout(timer))
    },
  }
}
