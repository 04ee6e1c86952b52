import type { Foyer } from '../createFoyer.ts'

export type SetReceiverProfileParameters = {
  name: string | undefined
  image?: string | undefined
}

/** The receiver's profile name and image, once known (e.g. from the identity route). */
export function setReceiverProfile(foyer: Foyer, parameters: SetReceiverProfileParameters): void {
  foyer.store.setState((state) => ({
    send: {
      ...state.send,
      receiverProfileName: parameters.name,
      receiverProfileImage: parameters.image,
    },
  }))
}
