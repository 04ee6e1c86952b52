import type { Foyer } from '../createFoyer.ts'

export type SetReceiverAddressParameters = { address: string | undefined }

/** Sets the receiver; a different receiver drops the previous one's profile name and image. */
export function setReceiverAddress(foyer: Foyer, parameters: SetReceiverAddressParameters): void {
  foyer.store.setState((state) => {
    const changed = state.send.receiverAddress?.toLowerCase() !== parameters.address?.toLowerCase()
    return {
      send: {
        ...state.send,
        receiverAddress: parameters.address,
        receiverProfileName: changed ? undefined : state.send.receiverProfileName,
        receiverProfileImage: changed ? undefined : state.send.receiverProfileImage,
      },
    }
  })
}
