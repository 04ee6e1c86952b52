import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
} from 'viem'
import { labelhash, namehash } from 'viem/ens'
import {
  ensRegistryAbi,
  miniUniversalResolverAbi,
  publicResolverAbi,
  reverseRegistrarAbi,
  signedOffchainResolverAbi,
} from './abis.ts'
import { readArtifactBytecode } from './artifacts.ts'
import { devnetNameGatewaySigner, devnetNameGatewayUrl, devnetNameZone } from './nameGateway.ts'
import type { DevnetEnsContracts, DevnetEnsName } from './types.ts'

export type PlanEnsDeploymentParameters = {
  chainId: number
  /** Deploys every contract and owns `eth` (so it may register more names). */
  deployer: Address
  /** The deployer's nonce for the first ENS transaction. */
  firstNonce: number
  /** Holders of `alice.eth` and `bob.eth`. */
  alice: Address
  bob: Address
  /** The devnet NFT collection; alice's avatar is her token #1 (an ENSIP-12 NFT avatar). */
  nft: Address
  /**
   * The offchain names' parent (`foyer.eth`, a child of `eth`), the gateway URL template its
   * resolver sends clients to, and the signer it trusts. Default: `devnetNameZone`,
   * `devnetNameGatewayUrl`, `devnetNameGatewaySigner()`.
   */
  names?: { zone?: string; gatewayUrl?: string; signer?: Address } | undefined
}

export type PlanEnsDeploymentReturnType = {
  contracts: DevnetEnsContracts
  names: DevnetEnsName[]
  /** In nonce order, from `firstNonce`. */
  transactions: { step: string; to?: Address; data: Hex; gas: bigint }[]
}

const gas = { deploy: 8_000_000n, call: 300_000n, records: 1_000_000n }

/**
 * The transactions that set up ENS: the registry, the public resolver, the reverse registrar and
 * a universal resolver (the contract viem's ENS actions call), the `eth` and `addr.reverse`
 * nodes, and two names with primary (reverse) names: `alice.eth` with an avatar and `bob.eth`
 * without. The deployer fills every record while it owns the nodes, then hands each name to its
 * holder, so the dev accounts spend no transaction (their nonces stay 0). `addr.reverse` goes to
 * the reverse registrar last, so any account can then set its own primary name. Last come the
 * offchain names: a `SignedOffchainResolver` (EIP-3668) and `foyer.eth`, kept by the deployer,
 * with it as resolver, so every `<label>.foyer.eth` is answered by the Foyer server's gateway.
 */
export function planEnsDeployment(
  parameters: PlanEnsDeploymentParameters,
): PlanEnsDeploymentReturnType {
  const { chainId, deployer, firstNonce, alice, bob, nft } = parameters
  const zone = parameters.names?.zone ?? devnetNameZone
  const zoneParts = zone.split('.')
  if (zoneParts.length !== 2 || zoneParts[1] !== 'eth')
    throw new Error(`the names zone must be a child of eth, got "${zone}"`)
  const gatewayUrl = parameters.names?.gatewayUrl ?? devnetNameGatewayUrl
  const gatewaySigner = parameters.names?.signer ?? devnetNameGatewaySigner().address
  const addressAt = (offset: number) =>
    getContractAddress({ from: deployer, nonce: BigInt(firstNonce + offset) })
  const contracts: Omit<DevnetEnsContracts, 'offchainResolver'> = {
    ensRegistry: addressAt(0),
    ensPublicResolver: addressAt(1),
    ensReverseRegistrar: addressAt(2),
    ensUniversalResolver: addressAt(3),
  }
  const names: DevnetEnsName[] = [
    { name: 'alice.eth', address: alice, avatar: `eip155:${chainId}/erc721:${nft}/1` },
    { name: 'bob.eth', address: bob },
  ]

  const registry = (step: string, data: Hex) => ({
    step,
    to: contracts.ensRegistry,
    data,
    gas: gas.call,
  })
  const setSubnodeOwner = (parent: string, label: string, owner: Address) =>
    registry(
      `giving ${label}${parent ? `.${parent}` : ''} to ${owner}`,
      encodeFunctionData({
        abi: ensRegistryAbi,
        functionName: 'setSubnodeOwner',
        args: [namehash(parent), labelhash(label), owner],
      }),
    )
  const setOwner = (name: string, owner: Address) =>
    registry(
      `giving ${name} to ${owner}`,
      encodeFunctionData({
        abi: ensRegistryAbi,
        functionName: 'setOwner',
        args: [namehash(name), owner],
      }),
    )
  // Created owned by the deployer, with the public resolver, so the deployer may write records.
  const createWithResolver = (parent: string, label: string) =>
    registry(
      `creating ${label}.${parent}`,
      encodeFunctionData({
        abi: ensRegistryAbi,
        functionName: 'setSubnodeRecord',
        args: [namehash(parent), labelhash(label), deployer, contracts.ensPublicResolver, 0n],
      }),
    )
  const reverseLabel = (address: Address) => address.slice(2).toLowerCase()
  const reverseName = (address: Address) => `${reverseLabel(address)}.addr.reverse`

  const records: Hex[] = names.flatMap(({ name, address, avatar }) => [
    encodeFunctionData({
      abi: publicResolverAbi,
      functionName: 'setAddr',
      args: [namehash(name), address],
    }),
    ...(avatar
      ? [
          encodeFunctionData({
            abi: publicResolverAbi,
            functionName: 'setText',
            args: [namehash(name), 'avatar', avatar],
          }),
        ]
      : []),
    encodeFunctionData({
      abi: publicResolverAbi,
      functionName: 'setName',
      args: [namehash(reverseName(address)), name],
    }),
  ])

  const transactions: PlanEnsDeploymentReturnType['transactions'] = [
    {
      step: 'deploying the ENS registry',
      data: encodeDeployData({
        abi: ensRegistryAbi,
        bytecode: readArtifactBytecode('ENSRegistry'),
      }),
      gas: gas.deploy,
    },
    {
      step: 'deploying the ENS public resolver',
      data: encodeDeployData({
        abi: publicResolverAbi,
        bytecode: readArtifactBytecode('PublicResolver'),
        args: [contracts.ensRegistry],
      }),
      gas: gas.deploy,
    },
    {
      step: 'deploying the ENS reverse registrar',
      data: encodeDeployData({
        abi: reverseRegistrarAbi,
        bytecode: readArtifactBytecode('ReverseRegistrar'),
        args: [contracts.ensRegistry, contracts.ensPublicResolver],
      }),
      gas: gas.deploy,
    },
    {
      step: 'deploying the ENS universal resolver',
      data: encodeDeployData({
        abi: miniUniversalResolverAbi,
        bytecode: readArtifactBytecode('MiniUniversalResolver'),
        args: [contracts.ensRegistry],
      }),
      gas: gas.deploy,
    },
    setSubnodeOwner('', 'eth', deployer),
    setSubnodeOwner('', 'reverse', deployer),
    setSubnodeOwner('reverse', 'addr', deployer),
    ...names.flatMap(({ name, address }) => [
      createWithResolver('eth', name.split('.')[0]!),
      createWithResolver('addr.reverse', reverseLabel(address)),
    ]),
    {
      step: 'writing the ENS records of the dev names',
      to: contracts.ensPublicResolver,
      data: encodeFunctionData({
        abi: publicResolverAbi,
        functionName: 'multicall',
        args: [records],
      }),
      gas: gas.records,
    },
    ...names.flatMap(({ name, address }) => [
      setOwner(name, address),
      setOwner(reverseName(address), address),
    ]),
    setOwner('addr.reverse', contracts.ensReverseRegistrar),
  ]
  // After every other ENS transaction, so those keep the addresses they had before it existed.
  const offchainResolver = addressAt(transactions.length)
  transactions.push(
    {
      step: 'deploying the offchain names resolver',
      data: encodeDeployData({
        abi: signedOffchainResolverAbi,
        bytecode: readArtifactBytecode('SignedOffchainResolver'),
        args: [[gatewayUrl], [gatewaySigner]],
      }),
      gas: gas.deploy,
    },
    registry(
      `creating ${zone} with the offchain resolver`,
      encodeFunctionData({
        abi: ensRegistryAbi,
        functionName: 'setSubnodeRecord',
        args: [namehash('eth'), labelhash(zoneParts[0]!), deployer, offchainResolver, 0n],
      }),
    ),
  )
  return { contracts: { ...contracts, offchainResolver }, names, transactions }
}
