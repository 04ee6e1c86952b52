import { type Devnet, erc20Abi, startDevnet } from '@foyer/devnet'
import { createPublicClient, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SandboxOffer } from './currencies.ts'
import { DeliveryError } from './errors.ts'
import { createEvmTreasury, deliveryGas } from './evmTreasury.ts'
import type { SandboxNetwork } from './types.ts'

let devnet: Devnet
let stop: () => Promise<void>
let network: Extract<SandboxNetwork, { kind: 'evm' }>

beforeAll(async () => {
  const started = await startDevnet({ chains: [{ chainId: 31337, port: 0 }] })
  devnet = started.devnet
  stop = started.stop
  const chain = devnet.chains[0]!
  network = {
    kind: 'evm',
    name: 'foyer-devnet-a',
    displayName: chain.name,
    chainId: chain.chainId,
    rpcUrl: chain.rpcUrl,
    tokens: [],
  }
})

afterAll(async () => {
  await stop?.()
})

const offer = (symbol: string, address: string, decimals = 18): SandboxOffer => ({
  network,
  symbol,
  name: symbol,
  decimals,
  address,
})
const fresh = () => privateKeyToAccount(generatePrivateKey()).address

describe('createEvmTreasury', () => {
  it('prices a delivery at its gas and the node’s gas price', async () => {
    const treasury = createEvmTreasury(devnet.onRampTreasury!.privateKey)
    expect(treasury.address).toBe(devnet.onRampTreasury!.address)
    const client = createPublicClient({ transport: http(network.rpcUrl) })
    const gasPrice = await client.getGasPrice()
    expect(await treasury.deliveryCost(network, offer('ETH', ''))).toBe(
      gasPrice * deliveryGas.native,
    )
    expect(
      await treasury.deliveryCost(network, offer('USDC', devnet.chains[0]!.contracts.usdc)),
    ).toBe(gasPrice * deliveryGas.token)
  })

  it('sends Ether and ERC-20 tokens, one after the other, and reports each hash once sent', async () => {
    const treasury = createEvmTreasury(devnet.onRampTreasury!.privateKey)
    const client = createPublicClient({ transport: http(network.rpcUrl) })
    const to = fresh()
    const sent: string[] = []
    const ether = await treasury.send({
      network,
      offer: offer('ETH', ''),
      to,
      units: parseEther('0.5'),
      onSent: (hash) => sent.push(hash),
    })
    const usdc = await treasury.send({
      network,
      offer: offer('USDC', devnet.chains[0]!.contracts.usdc, 6),
      to,
      units: parseUnits('12.5', 6),
      onSent: (hash) => sent.push(hash),
    })
    expect(sent).toEqual([ether, usdc])
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.5'))
    expect(
      await client.readContract({
        address: devnet.chains[0]!.contracts.usdc,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [to],
      }),
    ).toBe(parseUnits('12.5', 6))
  })

  it('throws a DeliveryError, without a hash, for what the treasury does not hold', async () => {
    const treasury = createEvmTreasury(generatePrivateKey())
    const sent: string[] = []
    const attempt = treasury.send({
      network,
      offer: offer('USDC', devnet.chains[0]!.contracts.usdc, 6),
      to: fresh(),
      units: 1n,
      onSent: (hash) => sent.push(hash),
    })
    await expect(attempt).rejects.toBeInstanceOf(DeliveryError)
    await expect(attempt).rejects.toThrow(/could not send USDC on Foyer Devnet A/)
    expect(sent).toEqual([])
  })
})
