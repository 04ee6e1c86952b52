import type { Foyer } from '../createFoyer.ts'
import type { NotConnectedError } from '../errors/connection.ts'
import type {
  InsufficientBalanceError,
  InvalidReceiverAddressError,
  InvalidSendAmountError,
  SendAmountAndReceiverRequiredError,
  SendNotSupportedError,
  SendTokenRequiredError,
} from '../send/errors.ts'
import { prepareTransfer } from '../send/prepareTransfer.ts'
import { createNetworkClient } from '../send/publicClient.ts'
import { formatUnits } from '../utils/format.ts'

export type EstimateSendGasReturnType = {
  /** Gas units the transfer needs. */
  gas: bigint
  /** Current gas price of the network, in wei. */
  gasPrice: bigint
  /** `gas × gasPrice` in the native currency's smallest unit. */
  fee: bigint
  /** The fee in native units, exact, e.g. '0.000043'. */
  formatted: string
  symbol: string
}
export type EstimateSendGasErrorType =
  | SendAmountAndReceiverRequiredError
  | SendTokenRequiredError
  | InvalidReceiverAddressError
  | InvalidSendAmountError
  | InsufficientBalanceError
  | SendNotSupportedError
  | NotConnectedError
  | Error

/**
 * The network fee of sending what the form holds: `eth_estimateGas` × `eth_gasPrice` through the
 * network's RPC. Rejects like `sendTransfer` when the form is incomplete, or with the node's error
 * when the transfer would fail.
 */
export async function estimateSendGas(foyer: Foyer): Promise<EstimateSendGasReturnType> {
  const { network, transaction } = await prepareTransfer(foyer)
  const client = await createNetworkClient(network)
  const [gas, gasPrice] = await Promise.all([
    client.estimateGas({
      account: transaction.from,
      to: transaction.to,
      value: transaction.value,
      data: transaction.data,
    }),
    client.getGasPrice(),
  ])
  const fee = gas * gasPrice
  return {
    gas,
    gasPrice,
    fee,
    formatted: formatUnits(fee, network.nativeCurrency.decimals),
    symbol: network.nativeCurrency.symbol,
  }
}
