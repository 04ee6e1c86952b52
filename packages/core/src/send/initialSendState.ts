import type { SendState } from './types.ts'

export const initialSendState: SendState = {
  token: undefined,
  sendTokenAmount: undefined,
  receiverAddress: undefined,
  receiverProfileName: undefined,
  receiverProfileImage: undefined,
  loading: false,
  tokenBalances: [],
}
