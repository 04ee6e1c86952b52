import { decodeFunctionData, type Hex, parseAbi, size, slice } from 'viem'
import type { EvmAddressBook } from './createEvmAddressBook.ts'
import { formatAmount } from './formatAmount.ts'
import type { ApprovalAmount, ApprovalEvmCall, ApprovalToken } from './types.ts'

/** The calls the card spells out; anything else is shown as raw data. */
export const decodedCallAbi = parseAbi([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'function setApprovalForAll(address operator, bool approved)',
])

/** Selectors of calls whose target is a token (its symbol and decimals format the amount). */
export const tokenCallSelectors: readonly Hex[] = ['0xa9059cbb', '0x095ea7b3', '0x23b872dd']

export type DecodeEvmCallParameters = {
  to: Hex | null | undefined
  data: Hex | undefined
  value: bigint | undefined
  book: EvmAddressBook
  /** The token at `to`, when known (the operator's list, or what the contract says). */
  token: ApprovalToken | undefined
}

/** One EVM call as the card shows it: ERC-20 transfer/approve/transferFrom, native transfer, raw. */
export function decodeEvmCall(parameters: DecodeEvmCallParameters): ApprovalEvmCall {
  const { to, book } = parameters
  const data = parameters.data && parameters.data !== '0x' ? parameters.data : undefined
  const native = book.nativeCurrency
  const nativeAmount = (value: bigint): ApprovalAmount =>
    formatAmount({ value, decimals: native.decimals, symbol: native.symbol })
  const value = parameters.value ? nativeAmount(parameters.value) : undefined

  if (!to) {
    const code = data ?? '0x'
    return { type: 'contractCreation', data: code, byteLength: size(code), value }
  }
  if (!data)
    return {
      type: 'nativeTransfer',
      to: book.address(to),
      value: value ?? nativeAmount(0n),
    }

  const raw: ApprovalEvmCall = {
    type: 'contractCall',
    to: book.address(to),
    selector: size(data) >= 4 ? slice(data, 0, 4) : undefined,
    data,
    byteLength: size(data),
    value,
  }
  let decoded: ReturnType<typeof decodeFunctionData<typeof decodedCallAbi>>
  try {
    decoded = decodeFunctionData({ abi: decodedCallAbi, data })
  } catch {
    return raw
  }
  const token = parameters.token ?? {
    address: book.address(to).address,
    name: undefined,
    symbol: undefined,
    decimals: undefined,
    source: 'unknown' as const,
  }
  const tokenAmount = (amount: bigint) =>
    formatAmount({ value: amount, decimals: token.decimals, symbol: token.symbol })
  switch (decoded.functionName) {
    case 'transfer': {
      const [recipient, amount] = decoded.args
      return {
        type: 'erc20Transfer',
        token,
        to: book.address(recipient),
        amount: tokenAmount(amount),
        value,
      }
    }
    case 'approve': {
      const [spender, amount] = decoded.args
      return {
        type: 'erc20Approve',
        token,
        spender: book.address(spender),
        amount: tokenAmount(amount),
        value,
      }
    }
    case 'transferFrom': {
      const [from, recipient, amount] = decoded.args
      return {
        type: 'erc20TransferFrom',
        token,
        from: book.address(from),
        to: book.address(recipient),
        amount: tokenAmount(amount),
        value,
      }
    }
    case 'setApprovalForAll': {
      const [operator, approved] = decoded.args
      return {
        type: 'setApprovalForAll',
        collection: book.address(to),
        operator: book.address(operator),
        approved,
        value,
      }
    }
    default:
      return raw
  }
}
