import { bytesToHex, type Hex, stringToHex, toHex } from 'viem'
import { describeEvmCalls } from './describeEvmCalls.ts'
import { describeEvmMessage } from './describeEvmMessage.ts'
import { describeEvmTransaction } from './describeEvmTransaction.ts'
import { describePermissions } from './describePermissions.ts'
import { describeSignIn } from './describeSignIn.ts'
import { describeSolanaMessage } from './describeSolanaMessage.ts'
import { describeSolanaTransaction } from './describeSolanaTransaction.ts'
import { describeTypedData } from './describeTypedData.ts'
import type { ApprovalContext, ApprovalRequest, ApprovalSummary } from './types.ts'

export type DescribeApprovalReturnType = ApprovalSummary

/**
 * Decodes the request into what the card shows (may call the chain: fee, simulation). Never
 * throws for undecodable input: it falls back to raw data.
 */
export async function describeApproval(
  request: ApprovalRequest,
  context: ApprovalContext,
): Promise<DescribeApprovalReturnType> {
  const summary = await describeRequest(request, context)
  const appName = request.appName?.trim()
  return appName ? { ...summary, appName: shortenAppName(appName) } : summary
}

/** App names longer than this are cut with an ellipsis: the origin must stay in view. */
const appNameMaxLength = 48

export function shortenAppName(name: string): string {
  const characters = [...name]
  return characters.length > appNameMaxLength
    ? `${characters.slice(0, appNameMaxLength - 1).join('')}…`
    : name
}

async function describeRequest(
  request: ApprovalRequest,
  context: ApprovalContext,
): Promise<ApprovalSummary> {
  try {
    switch (request.kind) {
      case 'evmMessage':
        return describeEvmMessage(request, context)
      case 'signIn':
        return describeSignIn(request, context)
      case 'evmTypedData':
        return await describeTypedData(request, context)
      case 'evmTransaction':
        return await describeEvmTransaction(request, context)
      case 'evmCalls':
        return await describeEvmCalls(request, context)
      case 'evmPermissions':
        return await describePermissions(request, context)
      case 'solanaMessage':
        return describeSolanaMessage(request)
      case 'solanaTransaction':
        return describeSolanaTransaction(request, { tokens: context.solanaTokens })
    }
  } catch {
    // Malformed input that a decoder did not expect: show the raw request below.
  }
  return rawSummary(request, context)
}

/** The last resort: who asks, for which account, and the raw bytes. */
function rawSummary(request: ApprovalRequest, context: ApprovalContext): ApprovalSummary {
  const evm = 'chainId' in request
  const account = String(
    'address' in request ? request.address : 'from' in request ? request.from : request.account,
  )
  const data = rawDataOf(request)
  return {
    kind: request.kind,
    title: 'Approve request',
    approveLabel:
      request.kind === 'evmTransaction' ||
      request.kind === 'evmCalls' ||
      request.kind === 'evmPermissions' ||
      request.kind === 'solanaTransaction'
        ? 'Confirm'
        : 'Sign',
    origin: request.origin,
    account: { address: account, name: undefined, isAccount: true },
    network: evm
      ? {
          name: context.chains[request.chainId]?.name ?? `Chain ${request.chainId}`,
          chainId: request.chainId,
        }
      : { name: 'Solana', chainId: undefined },
    warnings: [
      {
        level: 'danger',
        message: `The wallet cannot read this request. Approve only if you trust ${request.origin}.`,
      },
    ],
    details: { type: 'raw', data, byteLength: (data.length - 2) / 2 },
  }
}

function rawDataOf(request: ApprovalRequest): Hex {
  try {
    switch (request.kind) {
      case 'evmMessage':
      case 'signIn':
        return request.message.startsWith('0x')
          ? (request.message as Hex)
          : stringToHex(request.message)
      case 'evmTypedData':
        return stringToHex(
          JSON.stringify(request.typedData, (_, v) => (typeof v === 'bigint' ? v.toString() : v)),
        )
      case 'evmTransaction':
        return request.transaction.data ?? toHex(request.transaction.value ?? 0n)
      case 'evmCalls':
        return stringToHex(
          JSON.stringify(request.calls, (_, v) => (typeof v === 'bigint' ? v.toString() : v)),
        )
      case 'evmPermissions':
        return stringToHex(
          JSON.stringify(request, (_, v) => (typeof v === 'bigint' ? v.toString() : v)),
        )
      case 'solanaMessage':
        return bytesToHex(request.message)
      case 'solanaTransaction':
        return bytesToHex(request.messageBytes)
    }
  } catch {
    return '0x'
  }
}
