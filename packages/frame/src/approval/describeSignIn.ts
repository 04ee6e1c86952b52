import { isAddressEqual } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { createEvmAddressBook } from './createEvmAddressBook.ts'
import { revealInvisibleCharacters } from './decodeText.ts'
import { sortWarnings } from './describeEvmTransaction.ts'
import type {
  ApprovalContext,
  ApprovalField,
  ApprovalRequest,
  ApprovalSummary,
  ApprovalWarning,
} from './types.ts'

export type DescribeSignInParameters = Extract<ApprovalRequest, { kind: 'signIn' }>

/** An EIP-4361 sign-in message: the site it signs in to, its fields, the whole text. */
export function describeSignIn(
  request: DescribeSignInParameters,
  context: Pick<ApprovalContext, 'chains'>,
  now: Date = new Date(),
): ApprovalSummary {
  const { origin, chainId, address, message } = request
  const book = createEvmAddressBook({ chains: context.chains, chainId, account: address })
  const parsed = parseSiweMessage(message)
  const domain = parsed.domain ?? ''
  const domainMatchesOrigin = domain !== '' && domain === hostOf(origin)
  const warnings: ApprovalWarning[] = []
  if (!domainMatchesOrigin)
    warnings.push({
      level: 'danger',
      message: `This signs you in to ${domain || 'an unnamed site'}, not to ${origin}.`,
    })
  if (parsed.address && !safeAddressEqual(parsed.address, address))
    warnings.push({ level: 'danger', message: 'The message names another account than yours.' })
  if (parsed.chainId !== undefined && parsed.chainId !== chainId)
    warnings.push({
      level: 'caution',
      message: `The message is for ${createEvmAddressBook({ chains: context.chains, chainId: parsed.chainId, account: address }).networkName}.`,
    })
  if (parsed.expirationTime && parsed.expirationTime.getTime() <= now.getTime())
    warnings.push({ level: 'caution', message: 'This sign-in request has already expired.' })

  const fields: ApprovalField[] = []
  const add = (label: string, value: string | undefined, format?: 'date') => {
    if (value) fields.push({ label, value: revealInvisibleCharacters(value), format })
  }
  add('Website', parsed.uri)
  add('Account', parsed.address)
  add(
    'Network',
    parsed.chainId === undefined
      ? undefined
      : createEvmAddressBook({ chains: context.chains, chainId: parsed.chainId, account: address })
          .networkName,
  )
  add('Nonce', parsed.nonce)
  add('Issued', dateText(parsed.issuedAt), 'date')
  add('Expires', dateText(parsed.expirationTime), 'date')
  add('Not before', dateText(parsed.notBefore), 'date')
  add('Request ID', parsed.requestId)
  for (const resource of parsed.resources ?? []) add('Resource', resource)

  return {
    kind: 'signIn',
    title: `Sign in to ${domain || 'a site'}`,
    approveLabel: 'Sign in',
    origin,
    account: book.address(address),
    network: { name: book.networkName, chainId },
    warnings: sortWarnings(warnings),
    details: {
      type: 'signIn',
      domain,
      domainMatchesOrigin,
      statement: parsed.statement ? revealInvisibleCharacters(parsed.statement) : undefined,
      fields,
      text: revealInvisibleCharacters(message),
    },
  }
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}

function safeAddressEqual(a: string, b: string): boolean {
  try {
    return isAddressEqual(a as `0x${string}`, b as `0x${string}`)
  } catch {
    return false
  }
}

function dateText(date: Date | undefined): string | undefined {
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined
}
