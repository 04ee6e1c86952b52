import { getCompiledTransactionMessageDecoder } from '@solana/kit'
import { decodeText } from './decodeText.ts'
import { unreadableMessageWarning } from './describeEvmMessage.ts'
import type { ApprovalRequest, ApprovalSummary, ApprovalWarning } from './types.ts'

export type DescribeSolanaMessageParameters = Extract<ApprovalRequest, { kind: 'solanaMessage' }>

/** A `solana_signMessage` message: UTF-8 text when printable, else hex. */
export function describeSolanaMessage(request: DescribeSolanaMessageParameters): ApprovalSummary {
  const { origin, address, message } = request
  const text = decodeText(message)
  const warnings: ApprovalWarning[] = []
  // Signing a transaction's bytes as a "message" is how a site gets a transaction signed blind.
  if (isTransactionMessage(message))
    warnings.push({
      level: 'danger',
      message:
        'These bytes are a Solana transaction, not a message: signing them lets the site send it.',
    })
  else if (text.encoding === 'hex') warnings.push(unreadableMessageWarning(origin, text.byteLength))
  return {
    kind: 'solanaMessage',
    title: 'Sign message',
    approveLabel: 'Sign',
    origin,
    account: { address, name: undefined, isAccount: true },
    network: { name: 'Solana', chainId: undefined },
    warnings,
    details: { type: 'message', text },
  }
}

function isTransactionMessage(bytes: Uint8Array): boolean {
  if (bytes.length < 36) return false
  try {
    const [message, offset] = getCompiledTransactionMessageDecoder().read(bytes, 0)
    return offset === bytes.length && message.staticAccounts.length > 0
  } catch {
    return false
  }
}
