import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  type PublicClient,
  parseEther,
  type TestClient,
} from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deriveDevAccounts, devnetDeployer } from './accounts.ts'
import { farcasterIdRegistryAbi, farcasterKeyRegistryAbi } from './generated/abis.ts'
import {
  authAddressKey,
  devnetFarcasterAccounts,
  farcasterIdRegistryAddress,
  farcasterKeyRegistryAddress,
  installFarcasterRegistries,
} from './installFarcasterRegistries.ts'
import { type StartAnvilReturnType, startAnvil } from './startAnvil.ts'
import { startDevnet } from './startDevnet.ts'

let anvil: StartAnvilReturnType
let publicClient: PublicClient
let testClient: TestClient

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
  publicClient = createPublicClient({ transport: http(anvil.rpcUrl) })
  testClient = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) })
})

afterAll(async () => {
  await anvil?.stop()
})

const [alice, bob] = devnetFarcasterAccounts() as [
  ReturnType<typeof devnetFarcasterAccounts>[number],
  ReturnType<typeof devnetFarcasterAccounts>[number],
]

const idOf = (address: Address) =>
  publicClient.readContract({
    address: farcasterIdRegistryAddress,
    abi: farcasterIdRegistryAbi,
    functionName: 'idOf',
    args: [address],
  })

const keyDataOf = (fid: bigint, address: Address) =>
  publicClient.readContract({
    address: farcasterKeyRegistryAddress,
    abi: farcasterKeyRegistryAbi,
    functionName: 'keyDataOf',
    args: [fid, authAddressKey(address)],
  })

describe('devnetFarcasterAccounts', () => {
  it('has fixed keys that are no anvil account nor the deployer, and match their addresses', () => {
    const taken = new Set(
      [...deriveDevAccounts({ count: 20 }), devnetDeployer()].map((account) => account.privateKey),
    )
    for (const account of devnetFarcasterAccounts()) {
      expect(privateKeyToAddress(account.custodyPrivateKey)).toBe(account.custodyAddress)
      expect(taken.has(account.custodyPrivateKey)).toBe(false)
      if (account.authPrivateKey) {
        expect(privateKeyToAddress(account.authPrivateKey)).toBe(account.authAddress)
        expect(taken.has(account.authPrivateKey)).toBe(false)
      }
    }
    expect(devnetFarcasterAccounts().map(({ fid, username }) => [fid, username])).toEqual([
      [1, 'alice'],
      [2, 'bob'],
    ])
    expect(alice.authAddress).toBeDefined()
    expect(bob.authAddress).toBeUndefined()
  })
})

describe('installFarcasterRegistries', () => {
  it('installs both registries with the accounts, without a transaction or a block', async () => {
    const before = await Promise.all([
      publicClient.getBlockNumber(),
      publicClient.getTransactionCount({ address: devnetDeployer().address }),
      publicClient.getBalance({ address: alice.custodyAddress }),
    ])
    const farcaster = await installFarcasterRegistries(anvil.rpcUrl)
    expect(farcaster).toEqual({
      idRegistry: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
      keyRegistry: '0x00000000Fc1237824fb747aBDE0FF18990E59b7e',
      accounts: devnetFarcasterAccounts(),
    })
    const after = await Promise.all([
      publicClient.getBlockNumber(),
      publicClient.getTransactionCount({ address: devnetDeployer().address }),
      publicClient.getBalance({ address: alice.custodyAddress }),
    ])
    expect(after).toEqual(before)

    expect(await idOf(alice.custodyAddress)).toBe(1n)
    expect(await idOf(bob.custodyAddress)).toBe(2n)
    expect(await idOf(alice.authAddress!)).toBe(0n)
    for (const account of [alice, bob]) {
      expect(
        await publicClient.readContract({
          address: farcasterIdRegistryAddress,
          abi: farcasterIdRegistryAbi,
          functionName: 'custodyOf',
          args: [BigInt(account.fid)],
        }),
      ).toBe(account.custodyAddress)
    }
    // What @farcaster/auth-client's viemConnector checks: key type 2, state ADDED (1).
    expect(await keyDataOf(1n, alice.authAddress!)).toEqual({ state: 1, keyType: 2 })
    expect(await keyDataOf(2n, alice.authAddress!)).toEqual({ state: 0, keyType: 0 })
    expect(await keyDataOf(1n, bob.custodyAddress)).toEqual({ state: 0, keyType: 0 })
    expect(
      await publicClient.readContract({
        address: farcasterKeyRegistryAddress,
        abi: farcasterKeyRegistryAbi,
        functionName: 'keys',
        args: [1n, authAddressKey(alice.authAddress!)],
      }),
    ).toEqual([1, 2])
  })

  it('keeps the development register, add and remove working on top', async () => {
    await installFarcasterRegistries(anvil.rpcUrl)
    // Anyone may call them: a throwaway impersonated sender.
    const sender: Address = '0x000000000000000000000000000000000000fa5c'
    await testClient.impersonateAccount({ address: sender })
    await testClient.setBalance({ address: sender, value: parseEther('1') })
    const wallet = createWalletClient({ account: sender, transport: http(anvil.rpcUrl) })
    const carol: Address = '0x00000000000000000000000000000000000ca201'
    const send = async (request: Parameters<typeof wallet.writeContract>[0]) => {
      const hash = await wallet.writeContract(request)
      return (await publicClient.waitForTransactionReceipt({ hash })).status
    }

    expect(
      await send({
        chain: null,
        address: farcasterIdRegistryAddress,
        abi: farcasterIdRegistryAbi,
        functionName: 'register',
        args: [carol],
      }),
    ).toBe('success')
    // fids continue after the installed accounts.
    expect(await idOf(carol)).toBe(3n)
    await expect(
      publicClient.simulateContract({
        account: sender,
        address: farcasterIdRegistryAddress,
        abi: farcasterIdRegistryAbi,
        functionName: 'register',
        args: [alice.custodyAddress],
      }),
    ).rejects.toThrow('HasId')

    expect(
      await send({
        chain: null,
        address: farcasterKeyRegistryAddress,
        abi: farcasterKeyRegistryAbi,
        functionName: 'add',
        args: [3n, 2, authAddressKey(carol)],
      }),
    ).toBe('success')
    expect(await keyDataOf(3n, carol)).toEqual({ state: 1, keyType: 2 })
    await expect(
      publicClient.simulateContract({
        account: sender,
        address: farcasterKeyRegistryAddress,
        abi: farcasterKeyRegistryAbi,
        functionName: 'add',
        args: [1n, 2, authAddressKey(alice.authAddress!)],
      }),
    ).rejects.toThrow('InvalidState')
    expect(
      await send({
        chain: null,
        address: farcasterKeyRegistryAddress,
        abi: farcasterKeyRegistryAbi,
        functionName: 'remove',
        args: [3n, authAddressKey(carol)],
      }),
    ).toBe('success')
    expect(await keyDataOf(3n, carol)).toEqual({ state: 2, keyType: 2 })
    await testClient.stopImpersonatingAccount({ address: sender })
  })

  it('fails with a DeployWorldError naming the step when the node is unreachable', async () => {
    await expect(installFarcasterRegistries('http://127.0.0.1:9')).rejects.toThrow(
      'failed at: installing the Farcaster registries',
    )
  })
})

describe('startDevnet', () => {
  it('describes the Farcaster registries and installs them on every chain', async () => {
    const { devnet, stop } = await startDevnet({
      chains: [
        { chainId: 31337, port: 0 },
        { chainId: 31338, port: 0 },
      ],
    })
    try {
      expect(devnet.farcaster).toEqual({
        idRegistry: farcasterIdRegistryAddress,
        keyRegistry: farcasterKeyRegistryAddress,
        accounts: devnetFarcasterAccounts(),
      })
      for (const chain of devnet.chains) {
        const client = createPublicClient({ transport: http(chain.rpcUrl) })
        expect(
          await client.readContract({
            address: farcasterIdRegistryAddress,
            abi: farcasterIdRegistryAbi,
            functionName: 'idOf',
            args: [alice.custodyAddress],
          }),
        ).toBe(1n)
      }
    } finally {
      await stop()
    }
  })
})
