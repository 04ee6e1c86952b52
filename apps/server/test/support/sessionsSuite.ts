import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type DevnetChain, startDevnet, toViemChain } from '@foyer/devnet'
import {
  createHttpSessionRegistry,
  createSessionDelegation,
  deleGatorDeployment,
  delegationHash,
  encodePermissionsContext,
  type SmartAccountNetwork,
  signSessionDelegation,
} from '@foyer/frame'
import { getSessionsResponse, sessionRevokeMessage } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { createPublicClient, createWalletClient, type Hex, http, toHex } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, devProjectId } from '../../src/http/createServer.ts'
import type { DatabaseFixture } from './serverSuite.ts'

const origin = 'https://app.example.com'

/**
 * The smart-session registry (`/v1/sessions/{id}`) against a real devnet (the Delegation
 * Framework deployed, HybridDeleGators created through its factory) and the given database: the
 * server keeps only sessions the account really signed, and marks one revoked only with the
 * account's signature. Run once per database kind.
 */
export function describeSessionsSuite(
  name: string,
  openDatabase: () => Promise<DatabaseFixture>,
): void {
  describe(name, () => {
    let app: FastifyInstance
    let chain: DevnetChain
    let network: SmartAccountNetwork
    let stopDevnet: () => Promise<void>
    let fixture: DatabaseFixture
    let tempDir: string
    let funderKey: Hex

    beforeAll(async () => {
      tempDir = mkdtempSync(join(tmpdir(), 'foyer-sessions-test-'))
      const devnetFile = join(tempDir, 'devnet.json')
      const [started, opened] = await Promise.all([
        startDevnet({ chains: [{ chainId: 31337, port: 0 }], outFile: devnetFile }),
        openDatabase(),
      ])
      stopDevnet = started.stop
      fixture = opened
      chain = started.devnet.chains[0]!
      funderKey = started.devnet.accounts[4]!.privateKey
      const { contracts } = chain
      network = {
        // The registry never calls the bundler; the server lists the network only with one.
        bundlerUrl: 'http://127.0.0.1:9',
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
      app = await createServer({
        database: fixture.database,
        devnetFile,
        bundlerUrls: [{ chainId: chain.chainId, url: network.bundlerUrl }],
        dev: true,
        logger: false,
        rateLimit: false,
        indexer: { enabled: false },
      })
    }, 120_000)

    afterAll(async () => {
      await app?.close()
      await Promise.allSettled([stopDevnet?.(), fixture?.stop()])
      if (tempDir) rmSync(tempDir, { recursive: true, force: true })
    })

    /** A new owner key and its HybridDeleGator, deployed through the framework's factory. */
    async function smartAccount() {
      const owner = privateKeyToAccount(generatePrivateKey())
      const deployment = deleGatorDeployment(network, owner.address)
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      const wallet = createWalletClient({
        account: privateKeyToAccount(funderKey),
        chain: toViemChain(chain),
        transport: http(chain.rpcUrl),
      })
      const hash = await wallet.sendTransaction({
        to: deployment.factory,
        data: deployment.factoryData,
      })
      expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
      return {
        owner,
        address: deployment.address,
        id: `eip155:${chain.chainId}:${deployment.address}`,
      }
    }

    const expiryIn = (seconds: number) => Math.floor(Date.now() / 1000) + seconds

    /** A session of the account's, signed by `signer` (its owner unless a test says otherwise). */
    async function session(
      account: { address: Hex },
      signer: PrivateKeyAccount,
      expiry = expiryIn(3600),
    ) {
      const delegation = createSessionDelegation({
        network,
        delegator: account.address,
        delegate: privateKeyToAccount(generatePrivateKey()).address,
        policies: {
          expiry,
          targets: [chain.contracts.usdc],
          selectors: ['0xa9059cbb'],
          tokenLimit: { token: chain.contracts.usdc, allowance: 10_000_000n },
        },
      })
      const signature = await signSessionDelegation({
        owner: signer,
        chainId: chain.chainId,
        delegationManager: network.delegationManager,
        delegation,
      })
      const signed = { ...delegation, signature }
      return {
        pci: delegationHash(signed).toLowerCase(),
        body: {
          origin,
          expiry,
          permissions: [
            {
              type: 'contract-call',
              data: { address: chain.contracts.usdc, functions: ['transfer(address,uint256)'] },
            },
            {
              type: 'erc20-token-transfer',
              data: { address: chain.contracts.usdc, allowance: toHex(10_000_000n) },
            },
          ],
          context: encodePermissionsContext([signed]),
        },
      }
    }

    const url = (path: string) => `${path}?projectId=${devProjectId}&st=foyer&sv=test`
    const post = async (path: string, payload: unknown) => {
      const response = await app.inject({
        method: 'POST',
        url: url(path),
        payload: payload as Record<string, unknown>,
      })
      return { status: response.statusCode, body: response.json() }
    }
    const list = async (id: string) => {
      const response = await app.inject({ url: url(`/v1/sessions/${id}`) })
      expect(response.statusCode).toBe(200)
      return v.parse(getSessionsResponse, response.json()).sessions
    }

    it('registers a session the account signed, lists it, and marks it revoked with the account’s signature', async () => {
      const account = await smartAccount()
      const granted = await session(account, account.owner)
      const registered = await post(`/v1/sessions/${account.id}`, granted.body)
      expect(registered).toEqual({ status: 200, body: { pci: granted.pci } })
      // Registering it again changes nothing.
      expect(await post(`/v1/sessions/${account.id}`, granted.body)).toEqual(registered)
      const [listed, ...others] = await list(account.id)
      expect(others).toEqual([])
      expect(listed).toMatchObject({
        pci: granted.pci,
        projectId: devProjectId,
        origin,
        expiry: granted.body.expiry,
        permissions: granted.body.permissions,
        context: granted.body.context.toLowerCase(),
        revokedAt: null,
      })
      expect(Date.parse(listed!.createdAt)).toBeGreaterThan(Date.now() - 60_000)

      // Someone else's signature of the revoke message: refused, still active.
      const stranger = privateKeyToAccount(generatePrivateKey())
      const message = sessionRevokeMessage(granted.pci)
      expect(
        await post(`/v1/sessions/${account.id}/revoke`, {
          pci: granted.pci,
          signature: await stranger.signMessage({ message }),
        }),
      ).toMatchObject({ status: 400 })
      expect((await list(account.id))[0]!.revokedAt).toBeNull()
      // The account's (its owner's signature, checked through the DeleGator's ERC-1271).
      const revoked = await post(`/v1/sessions/${account.id}/revoke`, {
        pci: granted.pci,
        signature: await account.owner.signMessage({ message }),
      })
      expect(revoked.status).toBe(200)
      expect(revoked.body.pci).toBe(granted.pci)
      expect((await list(account.id))[0]!.revokedAt).toBe(revoked.body.revokedAt)
      // An unknown session cannot be revoked.
      expect(
        await post(`/v1/sessions/${account.id}/revoke`, {
          pci: `0x${'ab'.repeat(32)}`,
          signature: await account.owner.signMessage({ message }),
        }),
      ).toMatchObject({ status: 404 })
    })

    it('stores nothing the account did not sign, or that says another account or expiry', async () => {
      const account = await smartAccount()
      const other = await smartAccount()
      // Signed by a key that does not own the account.
      const forged = await session(account, privateKeyToAccount(generatePrivateKey()))
      expect(await post(`/v1/sessions/${account.id}`, forged.body)).toMatchObject({
        status: 400,
        body: { message: 'the account did not sign this delegation' },
      })
      // A real session of another account, filed under this one.
      const elsewhere = await session(other, other.owner)
      expect(await post(`/v1/sessions/${account.id}`, elsewhere.body)).toMatchObject({
        status: 400,
      })
      // An expiry other than the one the chain enforces.
      const real = await session(account, account.owner)
      expect(
        await post(`/v1/sessions/${account.id}`, {
          ...real.body,
          expiry: real.body.expiry + 86_400,
        }),
      ).toMatchObject({ status: 400 })
      expect(
        await post(`/v1/sessions/${account.id}`, { ...real.body, context: '0x1234' }),
      ).toMatchObject({ status: 400 })
      // A chain without smart accounts here.
      expect(await post(`/v1/sessions/eip155:1:${account.address}`, real.body)).toMatchObject({
        status: 400,
      })
      expect(await list(account.id)).toEqual([])
    })

    it('takes what the frame’s registry client sends over HTTP', async () => {
      const account = await smartAccount()
      const granted = await session(account, account.owner)
      const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 })
      const registry = createHttpSessionRegistry({ baseUrl, projectId: devProjectId })
      const registered = await registry.register({
        chainId: chain.chainId,
        account: account.address,
        ...granted.body,
        context: granted.body.context,
      } as Parameters<typeof registry.register>[0])
      expect(registered).toEqual({ pci: granted.pci })
      await registry.revoke({
        chainId: chain.chainId,
        account: account.address,
        pci: granted.pci as Hex,
        signature: await account.owner.signMessage({ message: sessionRevokeMessage(granted.pci) }),
      })
      expect((await list(account.id))[0]).toMatchObject({
        pci: granted.pci,
        revokedAt: expect.any(String),
      })
      // A refusal reaches the frame as an error with the server's reason.
      await expect(
        registry.revoke({
          chainId: chain.chainId,
          account: account.address,
          pci: granted.pci as Hex,
          signature: '0x12',
        }),
      ).rejects.toThrow()
    })

    it('lists active sessions before expired and revoked ones', async () => {
      const account = await smartAccount()
      const ending = await session(account, account.owner, expiryIn(2))
      const lasting = await session(account, account.owner, expiryIn(3600))
      expect((await post(`/v1/sessions/${account.id}`, ending.body)).status).toBe(200)
      expect((await post(`/v1/sessions/${account.id}`, lasting.body)).status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      expect((await list(account.id)).map((listed) => listed.pci)).toEqual([
        lasting.pci,
        ending.pci,
      ])
    })
  })
}
