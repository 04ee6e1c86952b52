import type { ChainNamespace } from '../types/network.ts'
import type { SiwxMessageFields } from './types.ts'

/** The ecosystem the header names ("… sign in with your Bitcoin account:"), one per namespace. */
const accountNames: Record<ChainNamespace, string> = {
  eip155: 'Ethereum',
  solana: 'Solana',
  bip122: 'Bitcoin',
  cosmos: 'Cosmos',
  polkadot: 'Polkadot',
}

/**
 * The sign-in text the wallet signs: EIP-4361 on EVM ("… wants you to sign in with your Ethereum
 * account:"; a missing statement leaves its blank line, as viem's `createSiweMessage` writes it),
 * Sign In With Solana on Solana (the same fields, "… Solana account:", no statement block when
 * there is none), and CAIP-122's form on Bitcoin, Cosmos and Polkadot ("… Bitcoin account:"
 * etc.): CAIP-122 puts `Chain ID` after `Request ID`, just before the resources, and has no
 * statement block when there is none.
 */
export function createSiwxMessage(namespace: ChainNamespace, fields: SiwxMessageFields): string {
  const header = `${fields.domain} wants you to sign in with your ${accountNames[namespace]} account:\n${fields.accountAddress}`
  const statement =
    namespace === 'eip155'
      ? `\n\n${fields.statement ? `${fields.statement}\n` : ''}\n`
      : fields.statement
        ? `\n\n${fields.statement}\n\n`
        : '\n\n'
  const caip122 = namespace !== 'eip155' && namespace !== 'solana'
  const lines = [`URI: ${fields.uri}`, `Version: ${fields.version}`]
  if (!caip122) lines.push(`Chain ID: ${fields.chainId}`)
  lines.push(`Nonce: ${fields.nonce}`, `Issued At: ${fields.issuedAt}`)
  if (fields.expirationTime) lines.push(`Expiration Time: ${fields.expirationTime}`)
  if (fields.notBefore) lines.push(`Not Before: ${fields.notBefore}`)
  if (fields.requestId) lines.push(`Request ID: ${fields.requestId}`)
  if (caip122) lines.push(`Chain ID: ${fields.chainId}`)
  if (fields.resources?.length) {
    lines.push('Resources:')
    for (const resource of fields.resources) lines.push(`- ${resource}`)
  }
  return `${header}${statement}${lines.join('\n')}`
}
