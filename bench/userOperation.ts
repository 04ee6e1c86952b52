/**
 * User-operation latency on loopback: the embedded wallet's smart account (a HybridDeleGator) sends
 * one ERC-20 transfer as an ERC-4337 user operation, timed from preparing it (nonce, gas from the
 * bundler, fees) through signing and sending to the bundler's receipt. Self-contained: its own
 * anvil devnet and alto bundler on free ports. The first operation (which deploys the account) is
 * a warm-up and not counted.
 */
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { startBundler } from '@foyer/bundler'
import { devnetBundlerAccounts, erc20Abi, startDevnet, toViemChain } from '@foyer/devnet'
import {
  createSmartAccountClients,
  deleGatorDeployment,
  prepareSmartAccountOperation,
  type SmartAccountNetwork,
  sendSignedUserOperation,
  signUserOperation,
} from '@foyer/frame'
import { createWalletClient, encodeFunctionData, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { summarize, type Timings } from './timings.ts'

export type BenchUserOperationParameters = {
  /** Operations measured. Default 10. */
  runs?: number | undefined
}

export type BenchUserOperationReturnType = { userOperationMs: Timings }

export async function benchUserOperation(
  parameters: BenchUserOperationParameters = {},
): Promise<BenchUserOperationReturnType> {
  const { runs = 10 } = parameters
  const devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }] })
  const chain = devnet.devnet.chains[0]!
  const { executor, utility } = devnetBundlerAccounts()
  const bundler = await startBundler({
    rpcUrl: chain.rpcUrl,
    port: 0,
    executorKey: executor.privateKey,
    utilityKey: utility.privateKey,
  })
  try {
    const { contracts } = chain
    const network: SmartAccountNetwork = {
      bundlerUrl: bundler.url,
      entryPoint: contracts.entryPoint07,
      factory: contracts.simpleFactory,
      implementation: contracts.hybridDeleGatorImpl,
      delegationManager: contracts.delegationManager,
      enforcers: {
        timestamp: contracts.timestampEnforcer,
        allowedTargets: contracts.allowedTargetsEnforcer,
        allowedMethods: contracts.allowedMethodsEnforcer,
        erc20TransferAmount: contracts.erc20TransferAmountEnforcer,
        valueLte: contracts.valueLteEnforcer,
      },
    }
    const clients = createSmartAccountClients({
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      network,
    })
    const owner = privateKeyToAccount(generatePrivateKey())
    const sender = deleGatorDeployment(network, owner.address).address
    // Ether for gas and USDC to send, before the account exists.
    const funder = createWalletClient({
      account: privateKeyToAccount(devnet.devnet.accounts[3]!.privateKey),
      chain: toViemChain(chain),
      transport: http(chain.rpcUrl),
    })
    await clients.client.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: sender, value: parseEther('10') }),
    })
    await clients.client.waitForTransactionReceipt({
      hash: await funder.writeContract({
        address: contracts.usdc,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [sender, parseUnits('1000', 6)],
      }),
    })
    const recipient = devnet.devnet.accounts[8]!.address
    const samples: number[] = []
    for (let run = 0; run < runs + 1; run++) {
      const start = performance.now()
      const prepared = await prepareSmartAccountOperation({
        clients,
        owner: owner.address,
        sender,
        calls: [
          {
            to: contracts.usdc,
            value: 0n,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'transfer',
              args: [recipient, BigInt(run + 1)],
            }),
          },
        ],
      })
      const signature = await signUserOperation({
        owner,
        chainId: chain.chainId,
        network,
        userOperation: prepared.userOperation,
      })
      const hash = await sendSignedUserOperation({
        clients,
        userOperation: prepared.userOperation,
        signature,
      })
      const receipt = await clients.bundler.waitForUserOperationReceipt({
        hash,
        pollingInterval: 20,
        timeout: 60_000,
      })
      const elapsed = performance.now() - start
      if (!receipt.success) throw new Error(`user operation ${hash} reverted`)
      if (run > 0) samples.push(elapsed)
    }
    return { userOperationMs: summarize(samples) }
  } finally {
    await bundler.stop()
    await devnet.stop()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log(JSON.stringify(await benchUserOperation({ runs: Number(process.argv[2] ?? 10) })))
