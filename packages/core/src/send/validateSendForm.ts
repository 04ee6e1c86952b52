import type { ChainNamespace } from '../types/network.ts'
import { isEvmAddress, isSolanaAddress } from '../utils/validation.ts'
import {
  InsufficientBalanceError,
  InvalidReceiverAddressError,
  InvalidSendAmountError,
  SendAmountAndReceiverRequiredError,
  SendTokenRequiredError,
} from './errors.ts'
import { parseAmount } from './parseAmount.ts'
import type { SendState } from './types.ts'

/** What is wrong with the send form, per field; empty when it can be sent. */
export type SendFormErrors = {
  /** 'An amount and receiver address are required' (SPEC §5). */
  amountAndReceiver?: SendAmountAndReceiverRequiredError | undefined
  /** 'A token is required' (SPEC §5). */
  token?: SendTokenRequiredError | undefined
  receiverAddress?: InvalidReceiverAddressError | undefined
  amount?: InvalidSendAmountError | InsufficientBalanceError | undefined
}

export type ValidateSendFormParameters = Pick<
  SendState,
  'token' | 'sendTokenAmount' | 'receiverAddress'
> & { namespace: ChainNamespace | undefined }

/** Checks the send form as the visitor filled it, without any network call. */
export function validateSendForm(parameters: ValidateSendFormParameters): SendFormErrors {
  const { token, namespace } = parameters
  const amount = parameters.sendTokenAmount?.trim()
  const receiver = parameters.receiverAddress?.trim()
  const errors: SendFormErrors = {}
  if (!amount || !receiver) errors.amountAndReceiver = new SendAmountAndReceiverRequiredError()
  if (!token) errors.token = new SendTokenRequiredError()
  if (receiver && !isReceiverAddress(receiver, namespace))
    errors.receiverAddress = new InvalidReceiverAddressError({
      details: `${receiver} is not an address on ${namespace ?? 'this network'}.`,
    })
  if (amount && token) {
    const decimals = Number(token.quantity.decimals)
    const value = parseAmount(amount, decimals)
    if (value === undefined || value === 0n)
      errors.amount = new InvalidSendAmountError({
        details: `Expected a positive number with at most ${decimals} decimals.`,
      })
    else {
      const balance = parseAmount(token.quantity.numeric, decimals)
      if (balance !== undefined && value > balance)
        errors.amount = new InsufficientBalanceError({
          details: `${amount} ${token.symbol} is more than the balance ${token.quantity.numeric}.`,
        })
    }
  }
  return errors
}

/** The first error of the form in the order the SPEC lists them, or undefined. */
export function firstSendFormError(errors: SendFormErrors) {
  return errors.amountAndReceiver ?? errors.token ?? errors.receiverAddress ?? errors.amount
}

function isReceiverAddress(value: string, namespace: ChainNamespace | undefined): boolean {
  if (namespace === 'solana') return isSolanaAddress(value)
  return isEvmAddress(value)
}
