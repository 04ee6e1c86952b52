// What sending BTC needs (PSBTs, coin selection, secp256k1): loaded on the first transfer, so
// listing and connecting wallets stays small.
export { broadcastTransaction } from '../actions/broadcastTransaction.ts'
export { buildTransferPsbt } from '../actions/buildTransferPsbt.ts'
export { estimateTransferFee } from '../actions/estimateTransferFee.ts'
export { finalizeTransaction } from '../actions/finalizeTransaction.ts'
export { parseBitcoinAddress } from '../actions/parseBitcoinAddress.ts'
export { waitForTransaction } from '../actions/waitForTransaction.ts'
