import { erc20Abi } from '@foyer/devnet'
import { encodeFunctionData, type Hex, parseUnits, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { createTestVisitor } from '../test-utils/createTestVisitor.ts'
import { useLocalChain } from '../test-utils/useLocalChain.ts'
import { handleRpcRequest } from './handleRpcRequest.ts'

// One devnet chain with ERC-4337 and a real bundler (alto) in front of it.
const local = useLocalChain({ bundler: true })

/** A signed-in frame's RPC context whose smart account has 0.5 ETH and 5 USDC; approvals recorded. */
async function visitor() {
  const { context, asked, owner, smartAccount } = await createTestVisitor({
    chain: local.chain,
    smartAccountNetwork: local.smartAccountNetwork(),
  })
  const account = await smartAccount()
  await local.fund(account, { ether: '0.5', usdc: '5' })
  return { context, asked, smartAccount: account, owner }
}

describe('eth_sendTransaction from the smart account (the active account type)', () => {
  it('becomes one user operation of the smart account and answers the including transaction', async () => {
    const { context, asked, smartAccount, owner } = await visitor()
    const recipient = local.devnet.accounts[8]!.address
    const before = await local.client.readContract({
      address: local.chain.contracts.usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [recipient],
    })

    const hash = (await handleRpcRequest(context, {
      method: 'eth_sendTransaction',
      params: [
        {
          from: smartAccount,
          to: local.chain.contracts.usdc,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [recipient, parseUnits('2', 6)],
          }),
        },
      ],
    })) as Hex

    // One card, for the smart account's operation (not an EOA transaction).
    expect(asked).toHaveLength(1)
    expect(asked[0]?.request).toMatchObject({ kind: 'evmCalls', from: smartAccount })
    const receipt = await local.client.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    // The bundler sent it to the EntryPoint; the EOA sent nothing.
    expect(receipt.to?.toLowerCase()).toBe(local.chain.contracts.entryPoint07.toLowerCase())
    expect(await local.client.getTransactionCount({ address: owner })).toBe(0)
    expect(
      await local.client.readContract({
        address: local.chain.contracts.usdc,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipient],
      }),
    ).toBe(before + parseUnits('2', 6))
  })

  it('signs personal_sign for the smart account: valid for it (ERC-6492 before deployment, ERC-1271 after)', async () => {
    const { context, asked, smartAccount } = await visitor()
    const message = 'Hello from the smart account'
    const sign = () =>
      handleRpcRequest(context, {
        method: 'personal_sign',
        params: [toHex(message), smartAccount],
      }) as Promise<Hex>
    const counterfactual = await sign()
    expect(await local.client.getCode({ address: smartAccount })).toBeUndefined()
    expect(
      await local.client.verifyMessage({
        address: smartAccount,
        message,
        signature: counterfactual,
      }),
    ).toBe(true)
    expect(asked.at(-1)?.request).toMatchObject({ kind: 'evmMessage', address: smartAccount })

    // Its first operation deploys it; then the account itself answers ERC-1271.
    await handleRpcRequest(context, {
      method: 'eth_sendTransaction',
      params: [{ from: smartAccount, to: local.chain.contracts.usdc, data: '0x18160ddd' }],
    })
    const deployed = await sign()
    expect(await local.client.getCode({ address: smartAccount })).toMatch(/^0x[0-9a-f]+$/)
    expect(deployed).toMatch(/^0x[0-9a-f]{130}$/)
    expect(
      await local.client.verifyMessage({ address: smartAccount, message, signature: deployed }),
    ).toBe(true)
    expect(
      await local.client.verifyMessage({
        address: smartAccount,
        message: 'another',
        signature: deployed,
      }),
    ).toBe(false)
  })
})
