import { toViemChain } from '@foyer/devnet'
import { createWalletClient, type Hex, http, parseErc6492Signature } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { deleGatorDeployment } from '../smartAccount/delegator.ts'
import { smartAccountNetworkOf } from '../smartAccount/testNetwork.ts'
import { createTestVisitor } from '../test-utils/createTestVisitor.ts'
import { useLocalChain } from '../test-utils/useLocalChain.ts'
import { handleRpcRequest } from './handleRpcRequest.ts'

// A devnet with the Delegation Framework; signing needs no bundler (the account is deployed by
// its factory directly, the same call a first user operation makes).
const local = useLocalChain()

/** A signed-in frame's RPC context; the smart account is the app's active account. */
async function visitor() {
  const network = smartAccountNetworkOf(local.chain, 'http://127.0.0.1:9/unused-bundler')
  const { context, asked, owner, smartAccount } = await createTestVisitor({
    chain: local.chain,
    smartAccountNetwork: network,
  })
  /** Deploys the account by its factory call (what its first user operation's initCode runs). */
  const deploy = async () => {
    const { factory, factoryData } = deleGatorDeployment(network, owner)
    const deployer = createWalletClient({
      account: privateKeyToAccount(local.devnet.accounts[5]!.privateKey),
      chain: toViemChain(local.chain),
      transport: http(local.chain.rpcUrl),
    })
    await local.client.waitForTransactionReceipt({
      hash: await deployer.sendTransaction({ to: factory, data: factoryData }),
    })
  }
  return { context, asked, smartAccount: await smartAccount(), owner, network, deploy }
}

/** An EIP-2612 permit, as an app asks for one (JSON string, with `EIP712Domain`). */
function permitFor(owner: Hex, chainId: number, verifyingContract: Hex) {
  return {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit' as const,
    domain: { name: 'USD Coin', version: '1', chainId, verifyingContract },
    message: {
      owner,
      spender: '0x000000000000000000000000000000000000dEaD',
      value: '5000000',
      nonce: '0',
      deadline: '1893456000',
    },
  }
}

/** What viem's verifier reads: the typed data without `EIP712Domain`, values as bigints. */
function verifiable(typedData: ReturnType<typeof permitFor>) {
  const { EIP712Domain: _, ...types } = typedData.types
  return {
    ...typedData,
    types,
    message: {
      ...typedData.message,
      value: BigInt(typedData.message.value),
      nonce: BigInt(typedData.message.nonce),
      deadline: BigInt(typedData.message.deadline),
    },
  }
}

describe('eth_signTypedData_v4 for the smart account (the active account type)', () => {
  it('signs after the typed-data card: valid for the account by ERC-6492 before deployment, ERC-1271 after', async () => {
    const { context, asked, smartAccount, owner, deploy } = await visitor()
    const permit = permitFor(smartAccount, local.chain.chainId, local.chain.contracts.usdc)
    const sign = () =>
      handleRpcRequest(context, {
        method: 'eth_signTypedData_v4',
        params: [smartAccount, JSON.stringify(permit)],
      }) as Promise<Hex>

    const counterfactual = await sign()
    // The same card as for the EOA's typed data, naming the smart account.
    expect(asked).toHaveLength(1)
    expect(asked[0]?.request).toMatchObject({
      kind: 'evmTypedData',
      origin: 'https://app.example.com',
      chainId: local.chain.chainId,
      address: smartAccount,
      typedData: { primaryType: 'Permit', domain: permit.domain },
    })
    expect(
      Object.keys((asked[0]!.request as { typedData: { types: object } }).typedData.types),
    ).not.toContain('EIP712Domain')
    expect(await local.client.getCode({ address: smartAccount })).toBeUndefined()
    expect(parseErc6492Signature(counterfactual).address).toBe(local.chain.contracts.simpleFactory)
    expect(
      await local.client.verifyTypedData({
        address: smartAccount,
        ...verifiable(permit),
        signature: counterfactual,
      }),
    ).toBe(true)
    // Not the EOA's signature: the owner's own address does not verify it as is.
    expect(
      await local.client.verifyTypedData({
        address: owner,
        ...verifiable(permit),
        signature: counterfactual,
      }),
    ).toBe(false)

    await deploy()
    const deployed = await sign()
    expect(await local.client.getCode({ address: smartAccount })).toMatch(/^0x[0-9a-f]+$/)
    // Deployed: a plain 65-byte signature the account's isValidSignature accepts.
    expect(deployed).toMatch(/^0x[0-9a-f]{130}$/)
    expect(
      await local.client.verifyTypedData({
        address: smartAccount,
        ...verifiable(permit),
        signature: deployed,
      }),
    ).toBe(true)
    const other = verifiable(permit)
    expect(
      await local.client.verifyTypedData({
        address: smartAccount,
        ...other,
        message: { ...other.message, value: 6_000_000n },
        signature: deployed,
      }),
    ).toBe(false)
  })

  it('refuses typed data of the account’s own user operations or delegations, from either account', async () => {
    const { context, asked, smartAccount, owner, network } = await visitor()
    for (const [address, verifyingContract] of [
      [smartAccount, smartAccount],
      [owner, smartAccount],
      [smartAccount, network.delegationManager],
      [owner, network.delegationManager],
    ] as const)
      await expect(
        handleRpcRequest(context, {
          method: 'eth_signTypedData_v4',
          params: [address, permitFor(address, local.chain.chainId, verifyingContract)],
        }),
      ).rejects.toMatchObject({ code: 4100 })
    expect(asked).toEqual([])
  })

  it('still signs typed data for the EOA with the EOA’s own signature', async () => {
    const { context, asked, owner } = await visitor()
    const permit = permitFor(owner, local.chain.chainId, local.chain.contracts.usdc)
    const signature = (await handleRpcRequest(context, {
      method: 'eth_signTypedData_v4',
      params: [owner, JSON.stringify(permit)],
    })) as Hex
    expect(asked.map((entry) => entry.request)).toMatchObject([
      { kind: 'evmTypedData', address: owner },
    ])
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(
      await local.client.verifyTypedData({ address: owner, ...verifiable(permit), signature }),
    ).toBe(true)
  })
})
