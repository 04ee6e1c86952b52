import type { CaipNetwork } from '@foyer/core'
import type { EsploraRequestError, InvalidBitcoinAddressError } from '../errors.ts'
import { parseBitcoinAddress } from './parseBitcoinAddress.ts'
import { requestEsplora } from './requestEsplora.ts'

export type BitcoinUtxo = {
  txid: string
  vout: number
  /** Satoshis. */
  value: bigint
  /** False while the transaction that created it is in the mempool. */
  confirmed: boolean
}

export type GetUtxosParameters = { network: CaipNetwork; address: string }
export type GetUtxosReturnType = BitcoinUtxo[]
export type GetUtxosErrorType = InvalidBitcoinAddressError | EsploraRequestError

type EsploraUtxo = { txid: string; vout: number; value: number; status?: { confirmed?: boolean } }

/** The unspent outputs of an address, as Esplora's `/address/:address/utxo` lists them. */
export async function getUtxos(parameters: GetUtxosParameters): Promise<GetUtxosReturnType> {
  const { network, address } = parameters
  parseBitcoinAddress({ address, network })
  const utxos = (await requestEsplora({
    network,
    path: `/address/${address}/utxo`,
  })) as EsploraUtxo[]
  return utxos.map((utxo) => ({
    txid: utxo.txid,
    vout: utxo.vout,
    value: BigInt(utxo.value),
    confirmed: utxo.status?.confirmed === true,
  }))
}
