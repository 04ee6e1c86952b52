import { ConfigError } from '../errors.ts'

/** The approximate place of an IP address (`Berlin, Germany`), or undefined when unknown. */
export type PlaceLookup = (ip: string) => Promise<string | undefined>

export type CreateHttpPlaceLookupParameters = {
  /**
   * `FOYER_IP_PLACE_URL`: an http(s) URL with `{ip}` where the address goes, answering JSON with
   * `city`, `region` (or `regionName`, `region_name`) and `country_name` (or `country`), like the
   * common IP geolocation services and self-hosted GeoIP lookups.
   */
  urlTemplate: string
  /** Gives up after this long (default 2 s): the place is then left out. */
  timeoutMs?: number | undefined
  fetch?: typeof fetch | undefined
}

/** A place lookup over HTTP; never throws (a failing lookup answers undefined). */
export function createHttpPlaceLookup(parameters: CreateHttpPlaceLookupParameters): PlaceLookup {
  const { urlTemplate } = parameters
  const probe = urlTemplate.replaceAll('{ip}', '127.0.0.1')
  if (
    !urlTemplate.includes('{ip}') ||
    !URL.canParse(probe) ||
    !/^https?:$/.test(new URL(probe).protocol)
  )
    throw new ConfigError(
      `FOYER_IP_PLACE_URL must be an http(s) URL with {ip} where the address goes, got "${urlTemplate}"`,
    )
  const fetchFn = parameters.fetch ?? globalThis.fetch.bind(globalThis)
  return async (ip) => {
    try {
      const response = await fetchFn(urlTemplate.replaceAll('{ip}', encodeURIComponent(ip)), {
        signal: AbortSignal.timeout(parameters.timeoutMs ?? 2_000),
        headers: { accept: 'application/json' },
      })
      if (!response.ok) return undefined
      const body = (await response.json()) as Record<string, unknown>
      const text = (value: unknown) =>
        typeof value === 'string'
          ? value
              .replace(/[\p{Cc}\p{Cf}]/gu, '')
              .trim()
              .slice(0, 64)
          : ''
      const parts = [
        text(body.city),
        text(body.region ?? body.regionName ?? body.region_name),
        text(body.country_name ?? body.country),
      ].filter((part, index, all) => part && all.indexOf(part) === index)
      return parts.length > 0 ? parts.join(', ') : undefined
    } catch {
      return undefined
    }
  }
}
