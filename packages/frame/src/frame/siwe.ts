import type * as v from 'valibot'
import type { Hex } from 'viem'
import { verifyMessage } from 'viem'
import { createSiweMessage, parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { BaseError } from '../errors.ts'
import type { siweMessageDataSchema } from '../protocol/messages.ts'

export type CreateSignInMessageParameters = v.InferOutput<typeof siweMessageDataSchema> & {
  address: Hex
  chainId: number
  /** Origin of the app that asked; the message's domain must be that origin's host (anti-phishing). */
  requestOrigin: string
}

/** An EIP-4361 message for the app at `requestOrigin`, refusing a domain of another site. */
export function createSignInMessage(parameters: CreateSignInMessageParameters): string {
  const { requestOrigin, ...fields } = parameters
  if (new URL(requestOrigin).host !== fields.domain)
    throw new BaseError('Sign-in domain does not match the requesting app', {
      details: `domain ${fields.domain}, origin ${requestOrigin}`,
    })
  return createSiweMessage({
    address: fields.address,
    chainId: fields.chainId,
    domain: fields.domain,
    uri: fields.uri,
    version: '1',
    nonce: fields.nonce,
    ...(fields.statement !== undefined ? { statement: fields.statement } : {}),
    ...(fields.resources !== undefined ? { resources: fields.resources } : {}),
    ...(fields.requestId !== undefined ? { requestId: fields.requestId } : {}),
    issuedAt: fields.issuedAt ? new Date(fields.issuedAt) : new Date(),
    ...(fields.expirationTime ? { expirationTime: new Date(fields.expirationTime) } : {}),
    ...(fields.notBefore ? { notBefore: new Date(fields.notBefore) } : {}),
  })
}

export type VerifySignInMessageParameters = {
  message: string
  signature: Hex
  domain?: string
  nonce?: string
  time?: Date
}

/** Checks fields (domain, nonce, time window) and the EOA signature of an EIP-4361 message. */
export async function verifySignInMessage(
  parameters: VerifySignInMessageParameters,
): Promise<boolean> {
  const fields = parseSiweMessage(parameters.message)
  if (!fields.address) return false
  const valid = validateSiweMessage({
    message: fields,
    ...(parameters.domain ? { domain: parameters.domain } : {}),
    ...(parameters.nonce ? { nonce: parameters.nonce } : {}),
    ...(parameters.time ? { time: parameters.time } : {}),
  })
  if (!valid) return false
  return verifyMessage({
    address: fields.address,
    message: parameters.message,
    signature: parameters.signature,
  })
}
