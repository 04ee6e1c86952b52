/** The fields of a Sign In With Solana message (all optional in that format). */
export type SolanaSignInFields = {
  domain: string
  address: string
  statement?: string | undefined
  uri?: string | undefined
  version?: string | undefined
  chainId?: string | undefined
  nonce?: string | undefined
  issuedAt?: string | undefined
  expirationTime?: string | undefined
  notBefore?: string | undefined
  requestId?: string | undefined
  resources?: string[] | undefined
}

/**
 * The text of a Sign In With Solana message, line for line as `createSignInMessageText` of
 * `@solana/wallet-standard-util` writes it (what Solana wallets sign for `solana:signIn`). The
 * verifier needs uri, version, chainId, nonce and issuedAt of it. Used by tests, and by apps that
 * sign with `signMessage` on wallets without `solana:signIn`.
 */
export function solanaSignInText(fields: SolanaSignInFields): string {
  let message = `${fields.domain} wants you to sign in with your Solana account:\n${fields.address}`
  if (fields.statement) message += `\n\n${fields.statement}`
  const lines: string[] = []
  if (fields.uri) lines.push(`URI: ${fields.uri}`)
  if (fields.version) lines.push(`Version: ${fields.version}`)
  if (fields.chainId) lines.push(`Chain ID: ${fields.chainId}`)
  if (fields.nonce) lines.push(`Nonce: ${fields.nonce}`)
  if (fields.issuedAt) lines.push(`Issued At: ${fields.issuedAt}`)
  if (fields.expirationTime) lines.push(`Expiration Time: ${fields.expirationTime}`)
  if (fields.notBefore) lines.push(`Not Before: ${fields.notBefore}`)
  if (fields.requestId) lines.push(`Request ID: ${fields.requestId}`)
  if (fields.resources) {
    lines.push('Resources:')
    for (const resource of fields.resources) lines.push(`- ${resource}`)
  }
  if (lines.length > 0) message += `\n\n${lines.join('\n')}`
  return message
}
