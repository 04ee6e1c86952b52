import type { ChainNamespace } from '../types/network.ts'
import type { SiwxMessageFields } from './types.ts'

/**
 * The sign-in text the wallet signs: EIP-4361 on EVM ("… wants you to sign in with your Ethereum
 * account:"; a missing statement leaves its blank line, as viem's `createSiweMessage` writes it),
 * Sign In With Solana on Solana (the same fields, "… Solana account:", no statement block when
 * there is none), and CAIP-122's form for other namespaces.
 */
export function createSiwxMessage(namespace: ChainNamespace, fields: SiwxMessageFields): string {
  const account =
    namespace === 'eip155' ? 'Ethereum' : namespace === 'solana' ? 'Solana' : namespace
  const header = `${fields.domain} wants you to sign in with your ${account} account:\n${fields.accountAddress}`
  const statement =
    namespace === 'eip155'
      ? `\n\n${fields.statement ? `${fields.statement}\n` : ''}\n`
      : fields.statement
        ? `\n\n${fields.statement}\n\n`
        : '\n\n'
  const lines = [
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
  ]
  if (fields.expirationTime) lines.push(`Expiration Time: ${fields.expirationTime}`)
  if (fields.notBefore) lines.push(`Not Before: ${fields.notBefore}`)
  if (fields.requestId) lines.push(`Request ID: ${fields.requestId}`)
  if (fields.resources?.length) {
    lines.push('Resources:')
    for (const resource of fields.resources) lines.push(`- ${resource}`)
  }
  return `${header}${statement}${lines.join('\n')}`
}
