import type { StdSignDoc } from '@cosmjs/amino'

export type CreateAdr36SignDocParameters = {
  /** The bech32 address that signs. */
  signer: string
  /** The message's bytes, base64. */
  data: string
}
export type CreateAdr36SignDocReturnType = StdSignDoc

/**
 * The amino doc an ADR-36 signature covers (Keplr's `signArbitrary`): `sign/MsgSignData` with
 * empty chain id, zero account number and sequence, zero fee and empty memo. Wallets without
 * `signArbitrary` (WalletConnect's `cosmos_signAmino`) are asked to sign this doc as is.
 */
export function createAdr36SignDoc(
  parameters: CreateAdr36SignDocParameters,
): CreateAdr36SignDocReturnType {
  const { signer, data } = parameters
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] },
    memo: '',
    msgs: [{ type: 'sign/MsgSignData', value: { signer, data } }],
  }
}
