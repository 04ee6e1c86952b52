import {
  createPublicClient,
  createWalletClient,
  http,
  type PublicClient,
  parseAbi,
  parseEther,
  zeroAddress,
} from 'viem'
import { entryPoint07Abi, entryPoint07Address } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  anvilDevAccounts,
  deriveDevAccounts,
  devnetBundlerAccounts,
  devnetDeployer,
} from './accounts.ts'
import { bundlerAccountEther, type DeployWorldReturnType, deployWorld } from './deployWorld.ts'
import {
  deterministicDeployerAddress,
  planAccountAbstraction,
  simpleAccountFactory07Address,
} from './planAccountAbstraction.ts'
import { planDelegationFramework } from './planDelegationFramework.ts'
import { type StartAnvilReturnType, startAnvil } from './startAnvil.ts'

const factoryAbi = parseAbi([
  'function accountImplementation() view returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
  'function createAccount(address owner, uint256 salt) returns (address)',
])
const accountAbi = parseAbi([
  'function owner() view returns (address)',
  'function entryPoint() view returns (address)',
])

let anvil: StartAnvilReturnType
let world: DeployWorldReturnType
let client: PublicClient

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31338, port: 0 })
  world = await deployWorld(anvil.rpcUrl)
  client = createPublicClient({ transport: http(anvil.rpcUrl) })
})

afterAll(async () => {
  await anvil?.stop()
})

describe('ERC-4337 on the devnet', () => {
  it('plans CREATE2 deployments through the deterministic deployer that anvil has at genesis', async () => {
    const plan = planAccountAbstraction()
    expect(plan.transactions.map((transaction) => transaction.to)).toEqual([
      deterministicDeployerAddress,
      deterministicDeployerAddress,
    ])
    expect(plan.contracts).toEqual({
      entryPoint07: entryPoint07Address,
      simpleAccountFactory: simpleAccountFactory07Address,
    })
    expect(await client.getCode({ address: deterministicDeployerAddress })).toMatch(/^0x[0-9a-f]+$/)
  })

  it('deploys EntryPoint v0.7 and the SimpleAccountFactory at their canonical addresses', async () => {
    expect(world.contracts.entryPoint07).toBe('0x0000000071727De22E5E9d8BAf0edAc6f37da032')
    expect(world.contracts.simpleAccountFactory).toBe('0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985')
    const implementation = await client.readContract({
      address: world.contracts.simpleAccountFactory,
      abi: factoryAbi,
      functionName: 'accountImplementation',
    })
    expect(
      await client.readContract({
        address: implementation,
        abi: accountAbi,
        functionName: 'entryPoint',
      }),
    ).toBe(world.contracts.entryPoint07)
    // An EntryPoint answers for any account's nonce and deposit.
    expect(
      await client.readContract({
        address: world.contracts.entryPoint07,
        abi: entryPoint07Abi,
        functionName: 'getNonce',
        args: [zeroAddress, 0n],
      }),
    ).toBe(0n)
  })

  it('creates a SimpleAccount at the counterfactual address the factory announces', async () => {
    // A fresh key of the mnemonic far from every role, so no funded account moves.
    const owner = deriveDevAccounts({ count: 1, start: 40 })[0]!
    const payer = privateKeyToAccount(anvilDevAccounts()[5]!.privateKey)
    const counterfactual = await client.readContract({
      address: world.contracts.simpleAccountFactory,
      abi: factoryAbi,
      functionName: 'getAddress',
      args: [owner.address, 0n],
    })
    expect(await client.getCode({ address: counterfactual })).toBeUndefined()
    const wallet = createWalletClient({ account: payer, transport: http(anvil.rpcUrl) })
    const hash = await wallet.writeContract({
      chain: null,
      address: world.contracts.simpleAccountFactory,
      abi: factoryAbi,
      functionName: 'createAccount',
      args: [owner.address, 0n],
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(
      await client.readContract({
        address: counterfactual,
        abi: accountAbi,
        functionName: 'owner',
      }),
    ).toBe(owner.address)
  })

  it('gives the bundler accounts (indexes 13 and 14) Ether and leaves their nonces at 0', async () => {
    const { executor, utility } = devnetBundlerAccounts()
    expect([executor.address, utility.address]).toEqual(
      deriveDevAccounts({ count: 2, start: 13 }).map((account) => account.address),
    )
    for (const account of [executor, utility]) {
      expect(await client.getBalance({ address: account.address })).toBe(
        parseEther(String(bundlerAccountEther)),
      )
      expect(await client.getTransactionCount({ address: account.address })).toBe(0)
    }
  })
})

describe('the Delegation Framework on the devnet', () => {
  it('deploys the DelegationManager, the HybridDeleGator and the enforcers where the plan says', async () => {
    const { contracts } = planDelegationFramework({ owner: devnetDeployer().address })
    expect(world.contracts).toMatchObject(contracts)
    for (const address of Object.values(contracts))
      expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}$/)
    // The implementation runs on the devnet's EntryPoint and answers to its DelegationManager.
    const deleGatorAbi = parseAbi([
      'function entryPoint() view returns (address)',
      'function delegationManager() view returns (address)',
    ])
    expect(
      await client.readContract({
        address: contracts.hybridDeleGatorImpl,
        abi: deleGatorAbi,
        functionName: 'entryPoint',
      }),
    ).toBe(entryPoint07Address)
    expect(
      await client.readContract({
        address: contracts.hybridDeleGatorImpl,
        abi: deleGatorAbi,
        functionName: 'delegationManager',
      }),
    ).toBe(contracts.delegationManager)
    // The DelegationManager is owned by the devnet deployer, whoever sent the CREATE2 call.
    expect(
      await client.readContract({
        address: contracts.delegationManager,
        abi: parseAbi(['function owner() view returns (address)']),
        functionName: 'owner',
      }),
    ).toBe(devnetDeployer().address)
  })
})
