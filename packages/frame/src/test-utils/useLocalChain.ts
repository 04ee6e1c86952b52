import { type StartBundlerReturnType, startBundler } from '@foyer/bundler'
import {
  type DevnetChain,
  devnetBundlerAccounts,
  erc20Abi,
  type StartDevnetReturnType,
  startDevnet,
  toViemChain,
} from '@foyer/devnet'
import {
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll } from 'vitest'
import type { SmartAccountNetwork } from '../smartAccount/delegator.ts'
import { smartAccountNetworkOf } from '../smartAccount/testNetwork.ts'

export type UseLocalChainParameters = {
  /** Also start a real ERC-4337 bundler (alto) in front of the chain. Default false. */
  bundler?: boolean | undefined
  /** The devnet account that pays for `fund` (each test file has a chain of its own). Default 3. */
  funderIndex?: number | undefined
}

export type LocalChain = {
  readonly devnet: StartDevnetReturnType['devnet']
  readonly chain: DevnetChain
  readonly client: PublicClient
  /** The bundler's URL; only with `bundler: true`. */
  readonly bundlerUrl: string
  /** The chain's smart-account network (EntryPoint 0.7, the DeleGator contracts, the bundler). */
  smartAccountNetwork: () => SmartAccountNetwork
  /** Sends `ether` and `usdc` (decimal texts) to `address`, each waited for. */
  fund: (address: Hex, amounts: { ether?: string; usdc?: string }) => Promise<void>
}

/**
 * One devnet chain (anvil with the world's contracts) for a test file, started before its tests
 * and stopped after them: a file's balances and nonces are its own.
 */
export function useLocalChain(parameters: UseLocalChainParameters = {}): LocalChain {
  const { bundler: withBundler = false, funderIndex = 3 } = parameters
  let devnet: StartDevnetReturnType | undefined
  let bundler: StartBundlerReturnType | undefined
  let client: PublicClient | undefined

  beforeAll(async () => {
    devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }] })
    const chain = devnet.devnet.chains[0]!
    client = createPublicClient({ transport: http(chain.rpcUrl) }) as PublicClient
    if (withBundler) {
      const { executor, utility } = devnetBundlerAccounts()
      bundler = await startBundler({
        rpcUrl: chain.rpcUrl,
        port: 0,
        executorKey: executor.privateKey,
        utilityKey: utility.privateKey,
      })
    }
  }, 120_000)

  afterAll(async () => {
    await bundler?.stop()
    await devnet?.stop()
  })

  const started = () => {
    if (!devnet || !client) throw new Error('useLocalChain: the chain starts in beforeAll')
    return { devnet, client, chain: devnet.devnet.chains[0]! }
  }

  return {
    get devnet() {
      return started().devnet.devnet
    },
    get chain() {
      return started().chain
    },
    get client() {
      return started().client
    },
    get bundlerUrl() {
      if (!bundler) throw new Error('useLocalChain: started without a bundler')
      return bundler.url
    },
    smartAccountNetwork() {
      return smartAccountNetworkOf(started().chain, this.bundlerUrl)
    },
    async fund(address, { ether, usdc }) {
      const { devnet, client, chain } = started()
      const funder = createWalletClient({
        account: privateKeyToAccount(devnet.devnet.accounts[funderIndex]!.privateKey),
        chain: toViemChain(chain),
        transport: http(chain.rpcUrl),
      })
      if (ether !== undefined)
        await client.waitForTransactionReceipt({
          hash: await funder.sendTransaction({ to: address, value: parseEther(ether) }),
        })
      if (usdc !== undefined)
        await client.waitForTransactionReceipt({
          hash: await funder.writeContract({
            address: chain.contracts.usdc,
            abi: erc20Abi,
            functionName: 'transfer',
            args: [address, parseUnits(usdc, 6)],
          }),
        })
    },
  }
}
