import { getAddress, isAddress } from 'viem'
import {
  bitcoinAddressNetworks,
  bitcoinChainNetwork,
  normalizeBitcoinAddress,
} from '../chains/bitcoinAddress.ts'
import { isSolanaAddress } from '../onramp/checkDestinationWallets.ts'
import { InvalidSignInMessageError } from './errors.ts'
import { isCosmosAddress } from './isCosmosAddress.ts'
import { isPolkadotAddress } from './isPolkadotAddress.ts'

/** The namespaces this verifier reads messages of. */
export type SignInNamespace = 'eip155' | 'solana' | 'bip122' | 'cosmos' | 'polkadot'

export const signInNamespaces: readonly SignInNamespace[] = [
  'eip155',
  'solana',
  'bip122',
  'cosmos',
  'polkadot',
]

export function isSignInNamespace(namespace: string): namespace is SignInNamespace {
  return (signInNamespaces as readonly string[]).includes(namespace)
}

/** The fields of a sign-in message (SPEC §3), as written in its text. */
export type SignInMessage = {
  /** The optional `scheme://` before the domain. */
  scheme: string | undefined
  /** RFC 3986 authority, `host[:port]`, of the site asking for the sign-in. */
  domain: string
  /**
   * eip155: checksummed; solana: base58 public key; bip122: as written (bech32 in lower case);
   * cosmos: lower-case bech32; polkadot: SS58 as written.
   */
  address: string
  statement: string | undefined
  uri: string
  version: string
  /**
   * The `Chain ID` line as written: a decimal on eip155; a cluster name or reference on solana;
   * the CAIP-2 reference (or whole id) elsewhere.
   */
  chainId: string
  nonce: string
  issuedAt: Date
  expirationTime: Date | undefined
  notBefore: Date | undefined
  requestId: string | undefined
  resources: string[] | undefined
}

/**
 * Each namespace's format: its name in refusals, the account the header names, and where its
 * `Chain ID` line is: EIP-4361's place (after Version) or CAIP-122's (after Request ID).
 */
const formats = {
  eip155: { name: 'EIP-4361', account: 'Ethereum', chainIdAfter: 'Version' },
  solana: { name: 'Sign In With Solana', account: 'Solana', chainIdAfter: 'Version' },
  bip122: { name: 'CAIP-122 (Bitcoin)', account: 'Bitcoin', chainIdAfter: 'Request ID' },
  cosmos: { name: 'CAIP-122 (Cosmos)', account: 'Cosmos', chainIdAfter: 'Request ID' },
  polkadot: { name: 'CAIP-122 (Polkadot)', account: 'Polkadot', chainIdAfter: 'Request ID' },
} as const

/** The format's name, for messages: `EIP-4361`, `Sign In With Solana`, `CAIP-122 (Bitcoin)`. */
export const signInFormatName = (namespace: SignInNamespace) => formats[namespace].name

const headerPattern =
  /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?(\S+) wants you to sign in with your (\S+) account:$/
/** RFC 3986 authority without user info: a DNS name or IPv4 (or `[IPv6]`), optional port. */
const domainPattern =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/
/** EIP-4361: `nonce = 8*( ALPHA / DIGIT )`. */
const noncePattern = /^[a-zA-Z0-9]{8,}$/
/** RFC 3339 date-time (EIP-4361 `date-time`). */
const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/
const chainIdPatterns = {
  // A positive EIP-155 chain id, as a safe integer.
  eip155: /^[1-9]\d{0,14}$/,
  // A cluster name (`mainnet`), a CAIP-2 reference, or a whole CAIP-2 id (`solana:…`).
  solana: /^(?:solana:)?[-_a-zA-Z0-9]{1,32}$/,
  // CAIP-2 references (the client writes them bare; a whole CAIP-2 id is read too): the first 32
  // hex characters of the genesis block hash; a Cosmos chain id.
  bip122: /^(?:bip122:)?[0-9a-f]{32}$/,
  cosmos: /^(?:cosmos:)?[-_a-zA-Z0-9]{1,32}$/,
  polkadot: /^(?:polkadot:)?[0-9a-f]{32}$/,
} as const
const chainIdProblems = {
  eip155: 'is not an EIP-155 chain id',
  solana: 'is not a Solana cluster (mainnet, devnet, testnet or a CAIP-2 reference)',
  bip122:
    'is not a Bitcoin chain (its CAIP-2 reference: the first 32 hex characters of the genesis block hash)',
  cosmos: 'is not a Cosmos chain id (its CAIP-2 reference: up to 32 letters, digits, - and _)',
  polkadot:
    'is not a Polkadot chain (its CAIP-2 reference: the first 32 hex characters of the genesis hash)',
} as const

/**
 * Reads an EIP-4361 message (eip155), a Sign In With Solana message (solana: the same text with
 * "… wants you to sign in with your Solana account:") or a CAIP-122 message (bip122, cosmos,
 * polkadot: "… your Bitcoin / Cosmos / Polkadot account:", the same fields with `Chain ID` after
 * `Request ID`), strictly: every line in the grammar's order, nothing before or after, so the
 * fields checked are exactly those the wallet showed (a lenient parser could read a domain the
 * wallet never displayed), and the address of the namespace's format (a Bitcoin address also of
 * the message's chain). Both layouts of a message without a statement are read: with the empty
 * statement line of EIP-4361's grammar (viem, `siwe`) and without it (older SIWE, Sign In With
 * Solana, Foyer's CAIP-122 text). Throws `InvalidSignInMessageError`.
 */
export function parseSignInMessage(text: string, namespace: SignInNamespace): SignInMessage {
  const format = formats[namespace]
  const fail = (detail: string): never => {
    throw new InvalidSignInMessageError(format.name, detail)
  }
  const lines = text.split('\n')
  const header = headerPattern.exec(lines[0] ?? '')
  if (!header)
    fail(
      `the first line must be "<domain> wants you to sign in with your ${format.account} account:"`,
    )
  const [, scheme, domain, account] = header as RegExpExecArray
  if (account !== format.account)
    fail(`it signs in with a ${account} account, not with a ${format.account} account`)
  if (!domainPattern.test(domain!)) fail(`the domain "${domain}" is not a host[:port]`)

  const address = parseAddress(lines[1] ?? '', namespace) ?? fail(addressProblem(namespace))
  if (lines[2] !== '') fail('an empty line must follow the address')

  let index = 3
  let statement: string | undefined
  if (lines[3] === '') index = 4
  else if (!lines[3]?.startsWith('URI: ')) {
    statement = lines[3]
    if (lines[4] !== '') fail('an empty line must follow the statement')
    index = 5
  }

  /** The value of the next line when it is `<label>: <value>`; undefined (line kept) otherwise. */
  const optional = (label: string): string | undefined => {
    const line = lines[index]
    if (line === undefined || !line.startsWith(`${label}: `)) return undefined
    index++
    return line.slice(label.length + 2)
  }
  const required = (label: string): string =>
    optional(label) ?? fail(`the line "${label}: …" is missing or out of order`)

  const readChainId = (): string => {
    const chainId = required('Chain ID')
    if (!chainIdPatterns[namespace].test(chainId))
      fail(`the chain id "${chainId}" ${chainIdProblems[namespace]}`)
    return chainId
  }

  const uri = required('URI')
  if (!isUri(uri)) fail(`the URI "${uri}" is not a URI`)
  const version = required('Version')
  if (version !== '1') fail(`the version must be 1, not "${version}"`)
  let chainId = format.chainIdAfter === 'Version' ? readChainId() : ''
  const nonce = required('Nonce')
  if (!noncePattern.test(nonce)) fail('the nonce must be at least 8 letters and digits')
  const date = (label: string, value: string | undefined): Date | undefined => {
    if (value === undefined) return undefined
    const parsed = dateTimePattern.test(value) ? new Date(value) : undefined
    if (!parsed || Number.isNaN(parsed.getTime()))
      fail(`${label} "${value}" is not an RFC 3339 date-time`)
    return parsed
  }
  const issuedAt = date('Issued At', required('Issued At'))!
  const expirationTime = date('Expiration Time', optional('Expiration Time'))
  const notBefore = date('Not Before', optional('Not Before'))
  const requestId = optional('Request ID')
  if (format.chainIdAfter === 'Request ID') chainId = readChainId()
  if (namespace === 'bip122') {
    // A Bitcoin address belongs to one kind of network: a mainnet address on a test chain (or
    // the other way round) is an account that chain cannot have.
    const caipNetworkId = `bip122:${chainId.replace(/^bip122:/, '')}` as const
    const network = bitcoinChainNetwork({ caipNetworkId, name: caipNetworkId, esploraUrl: '' })
    if (!bitcoinAddressNetworks(address).includes(network))
      fail(`the address ${address} is not an address of ${caipNetworkId} (a ${network} chain)`)
  }
  let resources: string[] | undefined
  if (lines[index] === 'Resources:') {
    index++
    resources = []
    while (lines[index]?.startsWith('- ')) {
      const resource = lines[index]!.slice(2)
      if (!isUri(resource)) fail(`the resource "${resource}" is not a URI`)
      resources.push(resource)
      index++
    }
  }
  if (index < lines.length)
    fail(`unexpected text on line ${index + 1}: "${truncate(lines[index]!)}"`)

  return {
    scheme,
    domain: domain!,
    address,
    statement,
    uri,
    version,
    chainId,
    nonce,
    issuedAt,
    expirationTime,
    notBefore,
    requestId,
    resources,
  }
}

function parseAddress(line: string, namespace: SignInNamespace): string | undefined {
  switch (namespace) {
    case 'eip155':
      // EIP-55: a mixed-case address must carry a valid checksum; all lower-case has none to check.
      return /^0x[0-9a-fA-F]{40}$/.test(line) && isAddress(line, { strict: true })
        ? getAddress(line)
        : undefined
    case 'solana':
      return isSolanaAddress(line) ? line : undefined
    case 'bip122':
      return bitcoinAddressNetworks(line).length > 0 ? normalizeBitcoinAddress(line) : undefined
    case 'cosmos':
      return isCosmosAddress(line) ? line : undefined
    case 'polkadot':
      return isPolkadotAddress(line) ? line : undefined
  }
}

const addressProblems = {
  eip155:
    'the second line must be an EVM address (0x and 40 hex characters, EIP-55 checksum when mixed-case)',
  solana: 'the second line must be a Solana address (base58 of 32 bytes)',
  bip122:
    'the second line must be a Bitcoin address (bech32, bech32m or base58, with a valid checksum)',
  cosmos:
    'the second line must be a Cosmos address (lower-case bech32 of 20 or 32 bytes, with a valid checksum)',
  polkadot:
    'the second line must be a Polkadot address (SS58 of a 32-byte account id, with a valid checksum)',
} as const

function addressProblem(namespace: SignInNamespace): string {
  return addressProblems[namespace]
}

/** An absolute RFC 3986 URI: a scheme, no white space. */
function isUri(value: string): boolean {
  return /^[a-zA-Z][a-zA-Z0-9+.-]*:\S*$/.test(value) && URL.canParse(value)
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text
}
