import type { CaipNetwork } from '@foyer/core'
import { type StartSolanaDevnetReturnType, startSolanaDevnet } from '@foyer/devnet/solana'
import { createSolanaRpc, address as toAddress } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RpcResponseError } from '../errors.ts'
import { createSolanaLocalnet } from '../networks.ts'
import { requestCluster } from './requestCluster.ts'

let world: StartSolanaDevnetReturnType
let localnet: CaipNetwork

beforeAll(async () => {
  world = await startSolanaDevnet({ port: 0 })
  localnet = createSolanaLocalnet(world.devnet)
})
afterAll(async () => {
  await world?.stop()
})

describe('requestCluster', () => {
  it('answers a cluster read as the RPC does', async () => {
    const owner = world.devnet.accounts[0]!.address
    const expected = await createSolanaRpc(world.devnet.rpcUrl).getBalance(toAddress(owner)).send()
    const result = (await requestCluster(localnet, {
      method: 'getBalance',
      params: [owner],
    })) as { value: number }
    expect(BigInt(result.value)).toBe(expected.value)
  })

  it('turns a JSON-RPC error into an RpcResponseError with its code', async () => {
    const error = await requestCluster(localnet, { method: 'noSuchMethod' }).catch((e) => e)
    expect(error).toBeInstanceOf(RpcResponseError)
    expect((error as RpcResponseError).code).toBe(-32601)
  })
})
