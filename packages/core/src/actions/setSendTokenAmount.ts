import type { Foyer } from '../createFoyer.ts'

export type SetSendTokenAmountParameters = {
  /** Decimal amount as typed, e.g. '12.5'; validated by `validateSendForm`. */
  amount: string | undefined
}

export function setSendTokenAmount(foyer: Foyer, parameters: SetSendTokenAmountParameters): void {
  foyer.store.setState((state) => ({
    send: { ...state.send, sendTokenAmount: parameters.amount },
  }))
}
