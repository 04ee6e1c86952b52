import type { OnRampFiatCurrency, OnRampPaymentMethod } from '@foyer/protocol'
import { ApiRequestError } from '../api/errors.ts'
import { getApiClient } from '../api/getApiClient.ts'
import type { Foyer } from '../createFoyer.ts'
import { NotConnectedError } from '../errors/connection.ts'
import { OnRampCheckoutError } from '../onramp/errors.ts'
import type { OnRampAsset, OnRampOptions } from '../onramp/types.ts'
import { checkOnRampAmount } from './getOnRampQuote.ts'

export type OpenOnRampCheckoutParameters = {
  options: OnRampOptions
  asset: OnRampAsset
  paymentCurrency: OnRampFiatCurrency
  paymentMethod: OnRampPaymentMethod
  /** Fiat to pay, fees included. */
  amount: string
  /** From the quote the visitor saw, so the checkout shows the same terms. */
  quoteId?: string | undefined
  /**
   * Where to open the checkout: by default a new window opened at once (call this in the click
   * handler: browsers allow a window only there), then pointed at the checkout.
   */
  openWindow?: (() => Window | null) | undefined
}
export type OpenOnRampCheckoutReturnType = {
  url: string
  /** The checkout's window; null when the browser blocked it (show `url` as a link then). */
  window: Window | null
}
export type OpenOnRampCheckoutErrorType = NotConnectedError | OnRampCheckoutError

/** Size of the checkout window, as providers' checkouts expect. */
const checkoutWindowFeatures = 'popup,width=500,height=760'

/** The id the server scopes to the project for the provider: the visitor's address. */
export function onRampPartnerUserId(address: string): string {
  return address.startsWith('0x') ? address.toLowerCase() : address
}

/**
 * Opens the provider's checkout for buying `asset` with `amount` of fiat, delivered to the
 * connected address on the options' network (`POST /v1/generators/onrampurl`). The window opens
 * before the URL is known (so the browser counts it as the visitor's click) with no way back to
 * this page. Activity then follows the purchase.
 */
export async function openOnRampCheckout(
  foyer: Foyer,
  parameters: OpenOnRampCheckoutParameters,
): Promise<OpenOnRampCheckoutReturnType> {
  const { options, asset, paymentCurrency, paymentMethod, quoteId } = parameters
  const address = foyer.getState().account.address
  if (!address) throw new NotConnectedError()
  const amount = checkOnRampAmount(parameters)
  const popup = (
    parameters.openWindow ??
    (() =>
      typeof window === 'undefined'
        ? null
        : window.open('about:blank', 'foyer-onramp', checkoutWindowFeatures))
  )()
  // The checkout is another site: it must not reach back into this page.
  if (popup) popup.opener = null
  let url: string
  try {
    ;({ url } = await getApiClient(foyer).request('createOnRampUrl', {
      body: {
        destinationWallets: [{ address, blockchains: [options.caipNetworkId], assets: [asset.id] }],
        defaultNetwork: options.caipNetworkId,
        partnerUserId: onRampPartnerUserId(address),
        defaultExperience: 'buy',
        presetFiatAmount: amount,
        fiatCurrency: paymentCurrency,
        paymentMethod,
        defaultAsset: asset.id,
        quoteId,
      },
    }))
  } catch (error) {
    popup?.close()
    throw new OnRampCheckoutError({
      cause: error,
      details: error instanceof ApiRequestError ? error.serverMessage : undefined,
    })
  }
  if (popup && !popup.closed) popup.location.href = url
  foyer.store.setState((state) => ({
    onRampCheckouts: [
      { address, caipNetworkId: options.caipNetworkId, startedAt: Date.now() },
      ...state.onRampCheckouts.filter(
        (checkout) =>
          checkout.address !== address || checkout.caipNetworkId !== options.caipNetworkId,
      ),
    ].slice(0, 16),
  }))
  return { url, window: popup && !popup.closed ? popup : null }
}
