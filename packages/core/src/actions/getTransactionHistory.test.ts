import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { startTestServer, type TestServer } from '../api/testServer.ts'
import { solana } from '../networks.ts'
import { createTestFoyer } from '../test-utils.ts'
import { getNfts } from './getNfts.ts'
import { getTransactionHistory } from './getTransactionHistory.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

describe('getTransactionHistory', () => {
  test('lists a transfer sent on the devnet, newest first', async () => {
    const chain = server.devnet.chains[0]!
    const sender = server.devnet.accounts[3]!
    const receiver = privateKeyToAccount(`0x${'7'.repeat(64)}`).address
    const wallet = createWalletClient({
      account: privateKeyToAccount(sender.privateKey),
      chain: {
        id: chain.chainId,
        name: chain.name,
        nativeCurrency: chain.nativeCurrency,
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      },
      transport: http(chain.rpcUrl),
    })
    const hash = await wallet.sendTransaction({ to: receiver, value: parseEther('1.25') })
    await createPublicClient({ transport: http(chain.rpcUrl) }).waitForTransactionReceipt({ hash })
    const foyer = createTestFoyer({ serverUrl: server.serverUrl, projectId: server.projectId })
    // The indexer catches up with the chain on its own schedule; sync until the block is in.
    await vi.waitFor(
      async () => {
        await server.sync()
        const page = await getTransactionHistory(foyer, {
          address: receiver,
          network: 'eip155:31337',
        })
        expect(page.data[0]?.metadata.hash).toBe(hash.toLowerCase())
        expect(page.data[0]?.transfers[0]).toMatchObject({
          direction: 'in',
          quantity: { numeric: '1.25' },
        })
        expect(page.next).toBeNull()
      },
      { timeout: 15_000, interval: 250 },
    )
  })

  test('answers an empty page on a non-EVM network without a request', async () => {
    const foyer = createTestFoyer({
      serverUrl: 'http://127.0.0.1:9',
      projectId: 'p',
      networks: [solana],
    })
    expect(
      await getTransactionHistory(foyer, {
        address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
      }),
    ).toEqual({ data: [], next: null })
  })
})

describe('getNfts', () => {
  test('lists the sample NFTs an account owns', async () => {
    await server.sync()
    const foyer = createTestFoyer({ serverUrl: server.serverUrl, projectId: server.projectId })
    const { data } = await getNfts(foyer, {
      address: server.devnet.accounts[0]!.address,
      network: 'eip155:31337',
    })
    expect(data.map((nft) => nft.name)).toEqual(['Foyer Devnet Punk #1', 'Foyer Devnet Punk #3'])
    expect(data[0]?.imageUrl).toMatch(/^data:image\/svg\+xml/)
  })
})
