import {
  type Address,
  type Hex,
  HttpRequestError,
  TimeoutError,
  BaseError as ViemBaseError,
  verifyMessage,
} from 'viem'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import type { ChainRuntime } from '../chains/types.ts'
import { InvalidSiwxSignatureError, SiwxSignatureMismatchError } from './errors.ts'
import type { SignInMessage } from './parseSignInMessage.ts'

export type VerifyEvmSignInParameters = {
  /** The message's network when this server has a node for it; else undefined (EOA only). */
  chain: ChainRuntime | undefined
  /** The EIP-4361 text as signed. */
  text: string
  /** `text` as `parseSignInMessage` read it (its checks already passed). */
  message: SignInMessage
  signature: string
  now: number
}

/**
 * Checks the `personal_sign` signature of an EIP-4361 message by its account. With a node of the
 * message's network, viem's `verifySiweMessage` on that public client: ECDSA for EOAs, ERC-1271
 * `isValidSignature` for deployed smart accounts, ERC-6492 for ones not deployed yet. Without
 * one, ECDSA recovery only, and the refusal says a smart account cannot be checked there. viem
 * parses the text again and must read the same domain, nonce and address (a second, independent
 * reading). A node that does not answer is a 502, not a bad signature. Throws
 * `InvalidSiwxSignatureError` / `SiwxSignatureMismatchError`.
 */
export async function verifyEvmSignIn(parameters: VerifyEvmSignInParameters): Promise<void> {
  const { chain, text, message, now } = parameters
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(parameters.signature))
    throw new InvalidSiwxSignatureError('must be 0x followed by hex bytes')
  const signature = parameters.signature as Hex
  const address = message.address as Address
  // The time windows were checked with a clock skew; viem checks them without, so it is asked at
  // a moment inside the window (Not Before when that is up to a minute ahead of our clock).
  const time =
    message.notBefore && message.notBefore.getTime() > now ? message.notBefore : new Date(now)
  const expected = { address, domain: message.domain, nonce: message.nonce, time }
  let valid: boolean
  try {
    valid = chain
      ? await chain.client.verifySiweMessage({ message: text, signature, ...expected })
      : validateSiweMessage({ message: parseSiweMessage(text), ...expected }) &&
        (await verifyMessage({ address, message: text, signature }))
  } catch (error) {
    const unreachable =
      error instanceof ViemBaseError &&
      error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError)
    if (unreachable) throw error
    valid = false
  }
  if (!valid)
    throw new SiwxSignatureMismatchError(
      chain
        ? undefined
        : `this server has no node for eip155:${message.chainId}, so only an EOA signature can be checked: a smart-contract account cannot be verified on that network here`,
    )
}
