import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Devnet,
  devnetDeployer,
  devnetNameZone,
  erc1271WalletAbi,
  readArtifactBytecode,
  signedOffchainResolverAbi,
  startDevnet,
  toViemChain,
} from '@foyer/devnet'
import {
  createRegisterNameMessage,
  getProfileSuggestionsResponse,
  nameLabelMessages,
  nameProfile,
  type RegisterNameAttributes,
} from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  http,
  type PublicClient,
  parseAbi,
  toHex,
} from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { namehash, packetToBytes } from 'viem/ens'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from '../../src/http/createServer.ts'
import { upsertProject } from '../../src/projects/projects.ts'
import type { DatabaseFixture } from './serverSuite.ts'

const projectId = 'foyer-dev'
const zone = devnetNameZone

/**
 * Names end to end against a real two-chain anvil devnet and the given database: a visitor
 * registers with a real signature, then viem's own ENS actions resolve the name through the
 * devnet's `SignedOffchainResolver` and the server's CCIP-read gateway (chain A with the GET
 * form of the gateway URL, chain B with the POST form). Run once per database kind.
 */
export function describeNamesSuite(
  name: string,
  openDatabase: () => Promise<DatabaseFixture>,
): void {
  describe(name, () => {
    let app: FastifyInstance
    let devnet: Devnet
    let stopDevnet: () => Promise<void>
    let fixture: DatabaseFixture
    let tempDir: string
    let devnetFile: string
    let baseUrl: string
    let clients: PublicClient[]

    beforeAll(async () => {
      tempDir = mkdtempSync(join(tmpdir(), 'foyer-names-test-'))
      devnetFile = join(tempDir, 'devnet.json')
      const [started, opened] = await Promise.all([
        startDevnet({
          chains: [
            { chainId: 31337, port: 0 },
            { chainId: 31338, port: 0 },
          ],
          outFile: devnetFile,
        }),
        openDatabase(),
      ])
      devnet = started.devnet
      stopDevnet = started.stop
      fixture = opened
      // The zone and the gateway key come from the devnet file, as in the local world.
      app = await createServer({
        database: fixture.database,
        devnetFile,
        dev: true,
        logger: false,
        rateLimit: false,
        indexer: { enabled: false },
      })
      await app.listen({ host: '127.0.0.1', port: 0 })
      const { port } = app.server.address() as { port: number }
      baseUrl = `http://127.0.0.1:${port}`
      clients = devnet.chains.map(
        (chain) =>
          createPublicClient({
            chain: toViemChain(chain),
            transport: http(chain.rpcUrl),
          }) as PublicClient,
      )
      // The resolvers were deployed for the world's server on port 4400; point them here. Chain A
      // uses the GET form of EIP-3668, chain B the POST form.
      const gatewayUrls = [`${baseUrl}/v1/ccip/{sender}/{data}.json`, `${baseUrl}/v1/ccip`]
      await Promise.all(
        devnet.chains.map(async (chain, index) => {
          const deployer = createWalletClient({
            chain: toViemChain(chain),
            transport: http(chain.rpcUrl),
            account: privateKeyToAccount(devnetDeployer().privateKey),
          })
          const hash = await deployer.writeContract({
            address: chain.contracts.offchainResolver,
            abi: signedOffchainResolverAbi,
            functionName: 'setUrls',
            args: [[gatewayUrls[index]!]],
          })
          expect((await clients[index]!.waitForTransactionReceipt({ hash })).status).toBe('success')
        }),
      )
    }, 120_000)

    afterAll(async () => {
      await app?.close()
      await Promise.allSettled([stopDevnet?.(), fixture?.stop()])
      if (tempDir) rmSync(tempDir, { recursive: true, force: true })
    })

    const signer = (index: number) => privateKeyToAccount(devnet.accounts[index]!.privateKey)
    const query = (extra: Record<string, string> = {}, project = projectId) =>
      new URLSearchParams({ projectId: project, st: 'foyer', sv: 'test', ...extra })
    const get = async (path: string, extra: Record<string, string> = {}, project = projectId) => {
      const response = await app.inject({ url: `${path}?${query(extra, project)}` })
      return { status: response.statusCode, body: response.json() }
    }
    const post = async (body: unknown) => {
      const response = await app.inject({
        method: 'POST',
        url: `/v1/profile/account?${query()}`,
        payload: body as Record<string, unknown>,
      })
      return { status: response.statusCode, body: response.json() }
    }
    /** A registration body signed by `account` for `address` (itself unless said otherwise). */
    const signedBody = async (
      account: PrivateKeyAccount,
      name: string,
      options: { address?: Address; attributes?: RegisterNameAttributes; timestamp?: number } = {},
    ) => {
      const message = createRegisterNameMessage({
        name,
        attributes: options.attributes,
        timestamp: options.timestamp,
      })
      return {
        coin_type: 60,
        address: options.address ?? account.address,
        message,
        signature: await account.signMessage({ message }),
      }
    }
    const counts = async () => {
      const count = async (table: 'names' | 'name_registration_messages') =>
        Number(
          (
            await fixture.database.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('count'))
              .executeTakeFirstOrThrow()
          ).count,
        )
      return { names: await count('names'), messages: await count('name_registration_messages') }
    }
    /** Posts `body`, expects a 400 with `message`, and that nothing was stored. */
    const expectRefused = async (body: unknown, message: string, field: string) => {
      const before = await counts()
      const { status, body: answer } = await post(body)
      expect({ status, answer }).toEqual({
        status: 400,
        answer: { statusCode: 400, code: 'INVALID_INPUT', error: 'Bad Request', message, field },
      })
      expect(await counts()).toEqual(before)
    }

    it('registers a name signed by the visitor, which viem resolves on both chains through CCIP-read', async () => {
      const visitor = signer(5)
      const avatar = 'https://example.com/visitor-1.png'
      // Identity before: no name (and now cached).
      expect((await get(`/v1/identity/${visitor.address}`)).body).toEqual({
        name: null,
        avatar: null,
      })

      const { status, body } = await post(
        await signedBody(visitor, `visitor-1.${zone}`, {
          attributes: { avatar, description: 'First visitor' },
        }),
      )
      expect(status, JSON.stringify(body)).toBe(200)
      const profile = v.parse(nameProfile, body)
      expect(profile).toMatchObject({
        name: `visitor-1.${zone}`,
        addresses: { '60': { address: visitor.address } },
        attributes: { avatar, description: 'First visitor' },
        source: 'project',
      })
      expect(Math.abs(profile.registered - Date.now())).toBeLessThan(60_000)

      for (const client of clients) {
        expect(await client.getEnsAddress({ name: `visitor-1.${zone}` })).toBe(visitor.address)
        expect(await client.getEnsText({ name: `visitor-1.${zone}`, key: 'avatar' })).toBe(avatar)
        expect(await client.getEnsText({ name: `visitor-1.${zone}`, key: 'description' })).toBe(
          'First visitor',
        )
        // addr(node, 60): the address as bytes, which viem hands back lower-cased.
        expect(await client.getEnsAddress({ name: `visitor-1.${zone}`, coinType: 60n })).toBe(
          visitor.address.toLowerCase(),
        )
        // Names nobody registered resolve to nothing, through the same gateway.
        expect(await client.getEnsAddress({ name: `nobody-here.${zone}` })).toBeNull()
      }

      // The API answers it too, to any project, and the cached empty identity was dropped.
      const other = 'names-elsewhere'
      await upsertProject({ db: fixture.database.db, id: other, name: 'Other', allowedOrigins: [] })
      for (const project of [projectId, other]) {
        expect((await get(`/v1/profile/account/visitor-1.${zone}`, {}, project)).body).toEqual(
          profile,
        )
        expect((await get(`/v1/identity/${visitor.address}`, {}, project)).body).toEqual({
          name: `visitor-1.${zone}`,
          avatar,
        })
        expect((await get(`/v1/profile/reverse/${visitor.address}`, {}, project)).body).toEqual([
          profile,
        ])
      }
      expect((await get(`/v1/profile/account/nobody-here.${zone}`)).status).toBe(404)
    })

    it('refuses a 3-character name, a name with "_", another zone, a taken name, a forged signature, an expired timestamp and a replayed message, storing nothing', async () => {
      const visitor = signer(7)
      await expectRefused(
        await signedBody(visitor, `abc.${zone}`),
        nameLabelMessages.characters,
        'name',
      )
      await expectRefused(
        await signedBody(visitor, `visi_tor.${zone}`),
        nameLabelMessages.characters,
        'name',
      )
      await expectRefused(
        await signedBody(visitor, 'visitor-7.eth'),
        `name must end in .${zone}`,
        'name',
      )
      // visitor-1 belongs to account 5 (first test).
      await expectRefused(
        await signedBody(visitor, `visitor-1.${zone}`),
        `visitor-1.${zone} is taken`,
        'name',
      )
      // Signed by account 8's key, claiming account 7's address.
      await expectRefused(
        await signedBody(signer(8), `visitor-7.${zone}`, { address: visitor.address }),
        'signature does not match address',
        'signature',
      )
      // A valid signature of another text.
      const genuine = await signedBody(visitor, `visitor-7.${zone}`)
      await expectRefused(
        { ...genuine, message: genuine.message.replace('visitor-7', 'visitor-8') },
        'signature does not match address',
        'signature',
      )
      await expectRefused(
        await signedBody(visitor, `visitor-7.${zone}`, { timestamp: Date.now() - 11 * 60_000 }),
        'this registration message has expired: its timestamp must be within 10 minutes of now; sign a new one',
        'message',
      )
      await expectRefused(
        { ...genuine, message: 'visitor-7.foyer.eth' },
        'message must be the JSON text of { name, attributes?, timestamp }: it is not JSON',
        'message',
      )
      await expectRefused(
        { ...genuine, coin_type: 0 },
        'coin_type: coin_type must be 60 (Ethereum addresses)',
        'coin_type',
      )

      // The genuine message registers once; the same signed message again is a replay.
      expect((await post(genuine)).status).toBe(200)
      await expectRefused(genuine, 'this registration message was already used', 'message')
      for (const client of clients)
        expect(await client.getEnsAddress({ name: `visitor-8.${zone}` })).toBeNull()
    })

    it("makes a second name the address's primary, and the first keeps resolving", async () => {
      const visitor = signer(6)
      expect((await post(await signedBody(visitor, `first-name.${zone}`))).status).toBe(200)
      expect((await post(await signedBody(visitor, `second-name.${zone}`))).status).toBe(200)
      expect((await get(`/v1/identity/${visitor.address}`)).body).toEqual({
        name: `second-name.${zone}`,
        avatar: null,
      })
      const reverse = (await get(`/v1/profile/reverse/${visitor.address}`)).body as {
        name: string
      }[]
      expect(reverse.map((entry) => entry.name)).toEqual([
        `second-name.${zone}`,
        `first-name.${zone}`,
      ])
      for (const name of [`first-name.${zone}`, `second-name.${zone}`])
        expect(await clients[0]!.getEnsAddress({ name })).toBe(visitor.address)
    })

    it("suggests the name itself with whether it is taken, then free variants in the server's zone", async () => {
      const taken = await get(`/v1/profile/suggestions/visitor-1`, { zone })
      expect(taken.status).toBe(200)
      const { suggestions } = v.parse(getProfileSuggestionsResponse, taken.body)
      expect(suggestions[0]).toEqual({ name: `visitor-1.${zone}`, registered: true })
      expect(suggestions.length).toBeGreaterThanOrEqual(4)
      for (const entry of suggestions.slice(1)) {
        expect(entry.registered).toBe(false)
        expect(entry.name.endsWith(`.${zone}`)).toBe(true)
      }
      const free = await get(`/v1/profile/suggestions/Brand-New.${zone}`)
      expect(free.body.suggestions[0]).toEqual({ name: `brand-new.${zone}`, registered: false })

      expect(await get('/v1/profile/suggestions/abc')).toMatchObject({
        status: 400,
        body: { message: nameLabelMessages.characters, field: 'name' },
      })
      expect(await get('/v1/profile/suggestions/alice', { zone: 'reown.id' })).toMatchObject({
        status: 400,
        body: { message: `zone must be ${zone}, the zone this server registers names in` },
      })
      // The client learns the zone from the project config.
      expect((await get('/appkit/v1/config')).body).toMatchObject({ names: { zone } })
    })

    it('registers a smart account (ERC-1271) by its owner key, and refuses another key', async () => {
      const owner = signer(9)
      const chain = devnet.chains[0]!
      const deployer = createWalletClient({
        chain: toViemChain(chain),
        transport: http(chain.rpcUrl),
        account: privateKeyToAccount(devnetDeployer().privateKey),
      })
      const hash = await deployer.deployContract({
        abi: erc1271WalletAbi,
        bytecode: readArtifactBytecode('Erc1271Wallet'),
        args: [owner.address],
      })
      const { contractAddress } = await clients[0]!.waitForTransactionReceipt({ hash })
      const wallet = getAddress(contractAddress!)

      await expectRefused(
        await signedBody(signer(8), `smart-wallet.${zone}`, { address: wallet }),
        'signature does not match address',
        'signature',
      )
      const { status, body } = await post(
        await signedBody(owner, `smart-wallet.${zone}`, { address: wallet }),
      )
      expect(status, JSON.stringify(body)).toBe(200)
      expect(await clients[0]!.getEnsAddress({ name: `smart-wallet.${zone}` })).toBe(wallet)
    })

    it('answers malformed gateway requests with 400, to any origin, without a project', async () => {
      const resolver = devnet.chains[0]!.contracts.offchainResolver
      const record = encodeFunctionData({
        abi: parseAbi(['function contenthash(bytes32) view returns (bytes)']),
        functionName: 'contenthash',
        args: [namehash(`visitor-1.${zone}`)],
      })
      const call = encodeFunctionData({
        abi: parseAbi(['function resolve(bytes, bytes) view returns (bytes)']),
        functionName: 'resolve',
        args: [toHex(packetToBytes(`visitor-1.${zone}`)), record],
      })
      for (const url of [
        `${baseUrl}/v1/ccip/${resolver}/0x1234.json`,
        `${baseUrl}/v1/ccip/${resolver}/${call}.json`,
        `${baseUrl}/v1/ccip/not-an-address/0x.json`,
        `${baseUrl}/v1/ccip/${resolver}/nothex.json`,
      ]) {
        const response = await fetch(url, { headers: { origin: 'https://any-dapp.example' } })
        expect([url, response.status]).toEqual([url, 400])
        expect(response.headers.get('access-control-allow-origin')).toBeTruthy()
      }
      const bad = await fetch(`${baseUrl}/v1/ccip`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sender: resolver, data: '0x00' }),
      })
      expect(bad.status).toBe(400)

      // A well-formed request is answered with a signed `{ data }`, readable by any origin.
      const addrCall = encodeFunctionData({
        abi: parseAbi(['function resolve(bytes, bytes) view returns (bytes)']),
        functionName: 'resolve',
        args: [
          toHex(packetToBytes(`visitor-1.${zone}`)),
          encodeFunctionData({
            abi: parseAbi(['function addr(bytes32) view returns (address)']),
            functionName: 'addr',
            args: [namehash(`visitor-1.${zone}`)],
          }),
        ],
      })
      const ok = await fetch(`${baseUrl}/v1/ccip/${resolver.toLowerCase()}/${addrCall}.json`, {
        headers: { origin: 'https://any-dapp.example' },
      })
      expect(ok.status).toBe(200)
      expect(ok.headers.get('access-control-allow-origin')).toBe('*')
      expect(ok.headers.get('cache-control')).toBe('no-store')
      expect((await ok.json()).data).toMatch(/^0x[0-9a-f]+$/)
    })

    it('limits the gateway per IP like every route', async () => {
      const limited = await createServer({
        database: fixture.database,
        devnetFile,
        logger: false,
        indexer: { enabled: false },
        rateLimit: { perIpPerMinute: 2, perProjectPerMinute: 1_000 },
      })
      try {
        const url = `/v1/ccip/${devnet.chains[0]!.contracts.offchainResolver}/0x.json`
        const statuses = []
        for (let i = 0; i < 3; i++) statuses.push((await limited.inject({ url })).statusCode)
        expect(statuses).toEqual([400, 400, 429])
      } finally {
        await limited.close()
      }
    })

    it('answers 404 on the registration routes of a server without a zone, and has no gateway', async () => {
      const plain = await createServer({
        database: fixture.database,
        dev: true,
        logger: false,
        rateLimit: false,
        indexer: { enabled: false },
      })
      try {
        const suggestions = await plain.inject({ url: `/v1/profile/suggestions/alice?${query()}` })
        expect(suggestions.statusCode).toBe(404)
        expect(suggestions.json().message).toBe(
          'This server registers no names (FOYER_NAME_ZONE is not set)',
        )
        const gateway = await plain.inject({
          url: '/v1/ccip/0x0000000000000000000000000000000000000000/0x.json',
        })
        expect(gateway.statusCode).toBe(404)
        expect(
          (await plain.inject({ url: `/appkit/v1/config?${query()}` })).json().names,
        ).toBeUndefined()
      } finally {
        await plain.close()
      }
    })
  })
}
