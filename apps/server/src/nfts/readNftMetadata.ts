import type { Address } from 'viem'
import { erc721Abi } from 'viem'
import type { ChainRuntime } from '../chains/types.ts'

export type NftMetadata = {
  collection: { name: string | null; symbol: string | null }
  name: string | null
  description: string | null
  imageUrl: string | null
  attributes: { trait: string; value: string }[]
}

/** Largest metadata document accepted from a `data:` URI (keeps responses bounded). */
const maxMetadataBytes = 256 * 1024

/**
 * Reads a token's collection name/symbol and `tokenURI` from the chain and decodes the metadata
 * when it is a `data:` URI (JSON, base64 or percent-encoded). Remote (`http`, `ipfs`) metadata is
 * not fetched: the server never calls third parties it was not configured for.
 */
export async function readNftMetadata(
  chain: ChainRuntime,
  contract: Address,
  tokenId: bigint,
): Promise<NftMetadata> {
  const read = <T>(functionName: 'name' | 'symbol' | 'tokenURI') =>
    chain.client
      .readContract({
        address: contract,
        abi: erc721Abi,
        functionName,
        ...(functionName === 'tokenURI' ? { args: [tokenId] } : {}),
      } as never)
      .then((value) => value as T)
      .catch(() => null)
  const [name, symbol, tokenUri] = await Promise.all([
    read<string>('name'),
    read<string>('symbol'),
    read<string>('tokenURI'),
  ])
  const document = tokenUri ? decodeJsonDataUri(tokenUri) : null
  return {
    collection: { name, symbol },
    name: stringField(document?.name),
    description: stringField(document?.description),
    imageUrl: safeImageUrl(stringField(document?.image) ?? stringField(document?.image_data)),
    attributes: Array.isArray(document?.attributes)
      ? document.attributes.flatMap((attribute: unknown) => {
          if (typeof attribute !== 'object' || attribute === null) return []
          const { trait_type, value } = attribute as Record<string, unknown>
          if (value === undefined || value === null) return []
          return [{ trait: String(trait_type ?? ''), value: String(value) }]
        })
      : [],
  }
}

/** Parses `data:application/json[;base64],…`; anything else (or malformed input) gives null. */
export function decodeJsonDataUri(uri: string): Record<string, unknown> | null {
  const match = /^data:([^,;]*)((?:;[^,;]*)*),(.*)$/s.exec(uri)
  if (!match || !/json/i.test(match[1] ?? '')) return null
  const payload = match[3] ?? ''
  if (payload.length > maxMetadataBytes * 2) return null
  try {
    const text = /;base64/i.test(match[2] ?? '')
      ? Buffer.from(payload, 'base64').toString('utf8')
      : decodeURIComponent(payload)
    const value = JSON.parse(text) as unknown
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

function stringField(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

/**
 * Only images a browser can show without the client contacting anyone unexpected: http(s) URLs
 * and `data:image/…` URIs. Raw SVG markup (`image_data`) becomes a data URI.
 */
export function safeImageUrl(value: string | null): string | null {
  if (!value) return null
  if (/^https?:\/\//i.test(value)) return value
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(value)) return value
  if (value.trimStart().startsWith('<svg'))
    return `data:image/svg+xml;base64,${Buffer.from(value).toString('base64')}`
  return null
}
