import { hexToBytes, isHex, stringToBytes } from 'viem'
import { createEvmAddressBook } from './createEvmAddressBook.ts'
import { decodeText } from './decodeText.ts'
import type { ApprovalContext, ApprovalRequest, ApprovalSummary, ApprovalWarning } from './types.ts'

export type DescribeEvmMessageParameters = Extract<ApprovalRequest, { kind: 'evmMessage' }>

/** A `personal_sign` message: UTF-8 text when its bytes are printable, else hex. */
export function describeEvmMessage(
  request: DescribeEvmMessageParameters,
  context: Pick<ApprovalContext, 'chains'>,
): ApprovalSummary {
  const { origin, chainId, address, message } = request
  const book = createEvmAddressBook({ chains: context.chains, chainId, account: address })
  // As the signer does: a 0x string is bytes, anything else is the UTF-8 of the string.
  const bytes = isHex(message) ? hexToBytes(message) : stringToBytes(message)
  const text = decodeText(bytes)
  const warnings: ApprovalWarning[] =
    text.encoding === 'hex' ? [unreadableMessageWarning(origin, text.byteLength)] : []
  return {
    kind: 'evmMessage',
    title: 'Sign message',
    approveLabel: 'Sign',
    origin,
    account: book.address(address),
    network: { name: book.networkName, chainId },
    warnings,
    details: { type: 'message', text },
  }
}

export function unreadableMessageWarning(origin: string, byteLength: number): ApprovalWarning {
  return {
    level: 'caution',
    message:
      byteLength === 32
        ? `This message is 32 unreadable bytes, which could be the hash of anything. Sign only if you trust ${origin}.`
        : `This message is not readable text. Sign only if you trust ${origin}.`,
  }
}
