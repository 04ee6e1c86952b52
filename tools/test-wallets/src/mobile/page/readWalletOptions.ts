export type ReadWalletOptionsParameters = {
  /** The page's query string, e.g. `location.search`. */
  search: string
  defaultRelayUrl: string
  accountCount: number
}

export type ReadWalletOptionsReturnType = {
  /** A `wc:` pairing URI from a deep link (`?uri=`), to pair with on load. */
  uri: string | undefined
  relayUrl: string
  autoApprove: boolean
  accountIndex: number
}

/**
 * Reads the page's options from its query string: `uri` (a deep link), `relayUrl`, `autoApprove`
 * (`1` or `true`) and `account` (index into the devnet accounts). Anything unusable falls back to
 * the default, so a hand-typed link never breaks the page.
 */
export function readWalletOptions(
  parameters: ReadWalletOptionsParameters,
): ReadWalletOptionsReturnType {
  const query = new URLSearchParams(parameters.search)
  const uri = query.get('uri')?.trim()
  const relayUrl = query.get('relayUrl')?.trim()
  const autoApprove = query.get('autoApprove')?.toLowerCase()
  const account = Number(query.get('account') ?? '0')
  return {
    uri: uri?.startsWith('wc:') ? uri : undefined,
    relayUrl: relayUrl && /^wss?:\/\//.test(relayUrl) ? relayUrl : parameters.defaultRelayUrl,
    autoApprove: autoApprove === '1' || autoApprove === 'true',
    accountIndex:
      Number.isInteger(account) && account >= 0 && account < parameters.accountCount ? account : 0,
  }
}
