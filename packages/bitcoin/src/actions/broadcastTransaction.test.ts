import { type StartBitcoinDevnetReturnType, startBitcoinDevnet } from '@foyer/devnet/bitcoin'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBitcoinRegtest } from '../networks.ts'
import { broadcastTransaction } from './broadcastTransaction.ts'
import { requestEsplora } from './requestEsplora.ts'
import { waitForTransaction } from './waitForTransaction.ts'

let world: StartBitcoinDevnetReturnType
let regtest: ReturnType<typeof createBitcoinRegtest>

beforeAll(async () => {
  world = await startBitcoinDevnet({ port: 0 })
  regtest = createBitcoinRegtest(world.devnet)
})
afterAll(async () => {
  await world?.stop()
})

describe('talking to the regtest node', () => {
  it("rejects a transaction the node refuses with 'Transaction failed' and the node's reason", async () => {
    const failure = await broadcastTransaction({ network: regtest, transaction: '00' }).catch(
      (error: unknown) => error,
    )
    expect(failure).toMatchObject({
      name: 'TransactionFailedError',
      shortMessage: 'Transaction failed',
    })
    expect((failure as { details: string }).details).not.toBe('')
  })

  it('gives up waiting for a transaction the node never saw', async () => {
    await expect(
      waitForTransaction({
        network: regtest,
        txid: 'ab'.repeat(32),
        timeout: 300,
        pollingInterval: 50,
      }),
    ).rejects.toMatchObject({ name: 'TransactionFailedError', txid: 'ab'.repeat(32) })
  })

  it("reports what the node does not answer as 'Bitcoin network request failed', with its status", async () => {
    await expect(
      requestEsplora({ network: regtest, path: `/tx/${'cd'.repeat(32)}` }),
    ).rejects.toMatchObject({
      name: 'EsploraRequestError',
      status: 404,
    })
    const unreachable = createBitcoinRegtest({ esploraUrl: 'http://127.0.0.1:9' })
    await expect(
      requestEsplora({ network: unreachable, path: '/blocks/tip/height' }),
    ).rejects.toMatchObject({
      name: 'EsploraRequestError',
      status: undefined,
    })
  })
})
