import {
  type Address,
  decodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  getAddress,
  type Hex,
  keccak256,
  parseAbi,
  recoverAddress,
  toHex,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { namehash, packetToBytes } from 'viem/ens'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../db/createDatabase.ts'
import { answerCcipRequest, decodeDnsName } from './ccipGateway.ts'
import { InvalidCcipRequestError } from './errors.ts'
import { storeRegistration } from './nameStore.ts'

const abi = parseAbi([
  'function resolve(bytes name, bytes data) view returns (bytes result, uint64 expires, bytes sig)',
  'function addr(bytes32 node) view returns (address)',
  'function addr(bytes32 node, uint256 coinType) view returns (bytes)',
  'function text(bytes32 node, string key) view returns (string)',
  'function contenthash(bytes32 node) view returns (bytes)',
])
const zone = 'foyer.eth'
const signer = privateKeyToAccount(generatePrivateKey())
const resolver = getAddress('0x000000000000000000000000000000000000c0de')
const owner = getAddress('0x00000000000000000000000000000000000a11ce')
const now = 1_750_000_000_000

const resolveCall = (name: string, record: Hex, dnsName = name): Hex =>
  encodeFunctionData({
    abi,
    functionName: 'resolve',
    args: [toHex(packetToBytes(dnsName)), record],
  })
const addrOf = (name: string) =>
  encodeFunctionData({ abi, functionName: 'addr', args: [namehash(name)] })
const coinAddrOf = (name: string, coinType: bigint) =>
  encodeFunctionData({ abi, functionName: 'addr', args: [namehash(name), coinType] })
const textOf = (name: string, key: string) =>
  encodeFunctionData({ abi, functionName: 'text', args: [namehash(name), key] })

describe('answerCcipRequest', () => {
  let database: FoyerDatabase
  const ask = (data: Hex, sender: Address = resolver) =>
    answerCcipRequest({ db: database.db, zone, signer, sender, data, now })
  /** The record answered, after checking the signature as `resolveWithProof` does. */
  const answered = async (data: Hex, sender: Address = resolver) => {
    const [result, expires, sig] = decodeAbiParameters(
      [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
      await ask(data, sender),
    )
    expect(expires).toBe(BigInt(now / 1000 + 300))
    const hash = keccak256(
      encodePacked(
        ['bytes', 'address', 'uint64', 'bytes32', 'bytes32'],
        ['0x1900', sender, expires, keccak256(data), keccak256(result)],
      ),
    )
    expect(await recoverAddress({ hash, signature: sig })).toBe(signer.address)
    return result
  }
  const decoded = async (type: 'address' | 'bytes' | 'string', data: Hex) =>
    decodeAbiParameters([{ type }], await answered(data))[0]

  beforeAll(async () => {
    database = await createDatabase({ dataDir: 'memory://' })
    await storeRegistration({
      db: database.db,
      name: 'alice.foyer.eth',
      zone,
      projectId: 'p',
      address: owner,
      attributes: { avatar: 'https://example.com/a.png', description: 'Alice' },
      message: 'm',
      messageExpiresAt: new Date(now + 600_000),
    })
    // A name outside the zone in the table (an older, project name) is never answered.
    await storeRegistration({
      db: database.db,
      name: 'alice.other.eth',
      zone: 'other.eth',
      projectId: 'p',
      address: owner,
      attributes: {},
      message: 'm2',
      messageExpiresAt: new Date(now + 600_000),
    })
  })
  afterAll(async () => {
    await database?.destroy()
  })

  it("answers a registered name's address, coin-60 address and text records, signed", async () => {
    const name = 'alice.foyer.eth'
    expect(await decoded('address', resolveCall(name, addrOf(name)))).toBe(owner)
    expect(await decoded('bytes', resolveCall(name, coinAddrOf(name, 60n)))).toBe(
      owner.toLowerCase(),
    )
    expect(await decoded('string', resolveCall(name, textOf(name, 'avatar')))).toBe(
      'https://example.com/a.png',
    )
    expect(await decoded('string', resolveCall(name, textOf(name, 'description')))).toBe('Alice')
    expect(await decoded('string', resolveCall(name, textOf(name, 'url')))).toBe('')
    expect(await decoded('bytes', resolveCall(name, coinAddrOf(name, 0n)))).toBe('0x')
  })

  it('signs for the resolver it is asked by', async () => {
    const other = getAddress('0x000000000000000000000000000000000000beef')
    const name = 'alice.foyer.eth'
    expect(await answered(resolveCall(name, addrOf(name)), other)).toBeDefined()
  })

  it('answers unknown names, and names of other zones, with empty records', async () => {
    for (const name of ['nobody.foyer.eth', 'alice.other.eth', 'foyer.eth']) {
      expect(await decoded('address', resolveCall(name, addrOf(name)))).toBe(zeroAddress)
      expect(await decoded('bytes', resolveCall(name, coinAddrOf(name, 60n)))).toBe('0x')
      expect(await decoded('string', resolveCall(name, textOf(name, 'avatar')))).toBe('')
    }
  })

  it('refuses malformed requests', async () => {
    const name = 'alice.foyer.eth'
    const refusals: [Hex, RegExp][] = [
      ['0x', /resolve\(bytes name, bytes data\)/],
      [addrOf(name), /resolve\(bytes name, bytes data\)/],
      ['0x9061b923deadbeef', /resolve\(bytes name, bytes data\)/],
      [
        resolveCall(
          name,
          encodeFunctionData({ abi, functionName: 'contenthash', args: [namehash(name)] }),
        ),
        /only addr\(bytes32\), addr\(bytes32,uint256\) and text\(bytes32,string\)/,
      ],
      [resolveCall(name, addrOf('bob.foyer.eth')), /not of the name asked for/],
      [
        encodeFunctionData({
          abi,
          functionName: 'resolve',
          args: ['0x05616c696365', addrOf(name)],
        }),
        /DNS-encoded/,
      ],
    ]
    for (const [data, message] of refusals) {
      const error = await ask(data).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InvalidCcipRequestError)
      expect((error as InvalidCcipRequestError).shortMessage).toMatch(message)
    }
  })
})

describe('decodeDnsName', () => {
  it('reads DNS wire format and refuses anything else', () => {
    expect(decodeDnsName(toHex(packetToBytes('alice.foyer.eth')))).toBe('alice.foyer.eth')
    for (const wire of [
      '0x',
      '0x00',
      '0x05616c6963',
      '0x05616c696365',
      '0x05616c69636500ff',
      '0x03612e6200',
    ] as Hex[])
      expect(() => decodeDnsName(wire)).toThrow(InvalidCcipRequestError)
  })
})
