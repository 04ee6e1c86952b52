import type { Kysely } from 'kysely'
import {
  type Address,
  bytesToString,
  decodeFunctionData,
  encodeAbiParameters,
  encodePacked,
  type Hex,
  hexToBytes,
  keccak256,
  parseAbi,
  zeroAddress,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { namehash } from 'viem/ens'
import type { Database } from '../db/schema.ts'
import { InvalidCcipRequestError } from './errors.ts'
import { ethereumCoinType, findName } from './nameStore.ts'

/** What the resolver sends (ENS's `IResolverService`) and the records this gateway answers. */
const gatewayAbi = parseAbi([
  'function resolve(bytes name, bytes data) view returns (bytes result, uint64 expires, bytes sig)',
  'function addr(bytes32 node) view returns (address)',
  'function addr(bytes32 node, uint256 coinType) view returns (bytes)',
  'function text(bytes32 node, string key) view returns (string)',
])

/** Text records a registration sets; other keys are answered empty. */
const answeredTextKeys = new Set(['avatar', 'description'])

export type AnswerCcipRequestParameters = {
  db: Kysely<Database>
  /** Only names of this zone are answered; any other name is unknown. */
  zone: string
  /** The key the resolvers trust (`FOYER_NAME_GATEWAY_KEY`). */
  signer: PrivateKeyAccount
  /** The resolver that raised `OffchainLookup`: the answer is signed for it. */
  sender: Address
  /** The lookup's `callData`: `resolve(bytes name, bytes data)`. */
  data: Hex
  /** How long the signed answer is valid. Default 5 minutes, as ENS's reference gateway. */
  ttlSeconds?: number | undefined
  /** Unix milliseconds; default now. */
  now?: number | undefined
}

/**
 * Answers an EIP-3668 request of a `SignedOffchainResolver` from the names table:
 * `addr(node)`, `addr(node, 60)` and `text(node, key)` of a registered name; unknown names get a
 * valid empty answer (zero address, empty bytes or text), so clients see "no record" rather than
 * an error. Returns `abi.encode(result, expires, sig)`, the signature over
 * `keccak256(0x1900 ‖ sender ‖ expires ‖ keccak256(data) ‖ keccak256(result))` as the resolver's
 * `resolveWithProof` checks it. It signs for the `sender` it is asked for (ENS's reference
 * gateway does the same): the signature binds that address, so it serves only resolvers that
 * trust this key.
 */
export async function answerCcipRequest(parameters: AnswerCcipRequestParameters): Promise<Hex> {
  const { db, zone, signer, sender, data, ttlSeconds = 300, now = Date.now() } = parameters
  const [nameWire, recordCall] = decodeResolveCall(data)
  const name = decodeDnsName(nameWire)
  const record = decodeRecordCall(recordCall)
  // ENS clients hash the name they resolve: a node that is not this name's is not its record.
  if (record.args[0] !== namehash(name))
    throw new InvalidCcipRequestError('the record asked for is not of the name asked for')

  const row = name.endsWith(`.${zone}`) ? await findName(db, name) : undefined
  const address = row?.addresses[ethereumCoinType]?.address as Address | undefined
  let result: Hex
  if (record.functionName === 'text') {
    const key = record.args[1]
    const value = row && answeredTextKeys.has(key) ? (row.attributes[key] ?? '') : ''
    result = encodeAbiParameters([{ type: 'string' }], [value])
  } else if (record.args.length === 1) {
    result = encodeAbiParameters([{ type: 'address' }], [address ?? zeroAddress])
  } else {
    // ENSIP-9/11: coin type 60 is the address's 20 bytes; this gateway holds no other coin.
    const bytes = address && record.args[1] === BigInt(ethereumCoinType) ? address : '0x'
    result = encodeAbiParameters([{ type: 'bytes' }], [bytes])
  }

  const expires = BigInt(Math.floor(now / 1000) + ttlSeconds)
  const signature = await signer.sign({
    hash: keccak256(
      encodePacked(
        ['bytes', 'address', 'uint64', 'bytes32', 'bytes32'],
        ['0x1900', sender, expires, keccak256(data), keccak256(result)],
      ),
    ),
  })
  return encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
    [result, expires, signature],
  )
}

function decodeResolveCall(data: Hex): readonly [Hex, Hex] {
  try {
    const call = decodeFunctionData({ abi: gatewayAbi, data })
    if (call.functionName === 'resolve') return call.args
  } catch {
    // Reported below.
  }
  throw new InvalidCcipRequestError('data must be a resolve(bytes name, bytes data) call')
}

type RecordCall =
  | { functionName: 'addr'; args: readonly [Hex] | readonly [Hex, bigint] }
  | { functionName: 'text'; args: readonly [Hex, string] }

function decodeRecordCall(data: Hex): RecordCall {
  try {
    const call = decodeFunctionData({ abi: gatewayAbi, data })
    if (call.functionName === 'addr' || call.functionName === 'text') return call as RecordCall
  } catch {
    // Reported below.
  }
  throw new InvalidCcipRequestError(
    `record ${data.slice(0, 10)} is not served: only addr(bytes32), addr(bytes32,uint256) and text(bytes32,string)`,
  )
}

/** DNS wire format (`\x05alice\x05foyer\x03eth\x00`) → `alice.foyer.eth`; refuses malformed ones. */
export function decodeDnsName(wire: Hex): string {
  const bytes = hexToBytes(wire)
  const labels: string[] = []
  let offset = 0
  while (offset < bytes.length) {
    const length = bytes[offset]!
    if (length === 0) {
      if (offset !== bytes.length - 1 || labels.length === 0) break
      return labels.join('.')
    }
    const label = bytes.subarray(offset + 1, offset + 1 + length)
    if (label.length !== length) break
    const text = bytesToString(label)
    if (text.includes('.')) break
    labels.push(text)
    offset += length + 1
  }
  throw new InvalidCcipRequestError('name must be a DNS-encoded name')
}
