import type { Foyer } from '../createFoyer.ts'
import type { NotConnectedError } from '../errors/connection.ts'
import type {
  InsufficientBalanceError,
  InvalidReceiverAddressError,
  InvalidSendAmountError,
  SendAmountAndReceiverRequiredError,
  SendTokenRequiredError,
} from '../send/errors.ts'
import { SendNotSupportedError } from '../send/errors.ts'
import { prepareSolanaTransfer } from '../send/prepareSolanaTransfer.ts'
import { prepareTransfer } from '../send/prepareTransfer.ts'
import { createNetworkClient } from '../send/publicClient.ts'
import { canEstimateTransferFee } from '../send/types.ts'
import { formatUnits } from '../utils/format.ts'

export type EstimateSendGasReturnType = {
  /** Gas units the transfer needs; on Solana, the signatures the network charges for. */
  gas: bigint
  /** Current gas price of the network, in wei; on Solana, lamports per signature. */
  gasPrice: bigint
  /** `gas × gasPrice` in the native currency's smallest unit (lamports on Solana). */
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
 * The network fee of sending what the form holds. On EVM: `eth_estimateGas` × `eth_gasPrice`
 * through the network's RPC. On Solana: the connector prices the very transfer it would send (the
 * RPC's `getFeeForMessage` for the built message). Rejects like `sendTransfer` when the form is
 * incomplete, or with the node's error when the transfer would fail.
 */
export async function estimateSendGas(foyer: Foyer): Promise<EstimateSendGasReturnType> {
  if (foyer.getState().activeNetwork.chainNamespace === 'solana') return estimateSolanaFee(foyer)
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

async function estimateSolanaFee(foyer: Foyer): Promise<EstimateSendGasReturnType> {
  const { connector, network, transfer } = prepareSolanaTransfer(foyer)
  if (!canEstimateTransferFee(connector))
    throw new SendNotSupportedError({ details: `${connector.name} cannot price a transfer.` })
  const { fee, signatures } = await connector.estimateTransferFee(transfer)
  const gas = BigInt(Math.max(signatures, 1))
  return {
    gas,
    gasPrice: fee / gas,
    fee,
    formatted: formatUnits(fee, network.nativeCurrency.decimals),
    symbol: network.nativeCurrency.symbol,
  }
}
