import { fallbackOnRampPaymentCurrencies } from '@foyer/protocol'
import { getApiClient } from '../api/getApiClient.ts'
import { SEND_NAMESPACES } from '../constants.ts'
import type { Foyer } from '../createFoyer.ts'
import { OnRampNetworkNotSupportedError } from '../onramp/errors.ts'
import type { OnRampAsset, OnRampOptions } from '../onramp/types.ts'
import { getFeatures } from './getFeatures.ts'

export type GetOnRampOptionsParameters = { signal?: AbortSignal | undefined }
export type GetOnRampOptionsReturnType = OnRampOptions
export type GetOnRampOptionsErrorType = OnRampNetworkNotSupportedError

/**
 * What the visitor can buy on the active network, from the server's on-ramp options. When the
 * server cannot be asked, the built-in list (SPEC §8): USD and EUR with SPEC §9's limits and the
 * network's native currency. EVM and Solana only (SPEC §6).
 */
export async function getOnRampOptions(
  foyer: Foyer,
  parameters: GetOnRampOptionsParameters = {},
): Promise<GetOnRampOptionsReturnType> {
  const network = foyer.getState().activeNetwork
  if (
    !getFeatures(foyer).onramp ||
    !(SEND_NAMESPACES as readonly string[]).includes(network.chainNamespace)
  )
    throw new OnRampNetworkNotSupportedError()
  const caipNetworkId = network.caipNetworkId
  try {
    const options = await getApiClient(foyer).request('getOnRampOptions', {
      query: { network: caipNetworkId },
      signal: parameters.signal,
    })
    const assets: OnRampAsset[] = []
    for (const currency of options.purchaseCurrencies) {
      const here = currency.networks.find((entry) => entry.caipNetworkId === caipNetworkId)
      if (!here) continue
      assets.push({
        id: currency.id,
        name: currency.name,
        symbol: currency.symbol,
        tokenAddress: here.tokenAddress,
      })
    }
    return {
      paymentCurrencies: options.paymentCurrencies,
      assets,
      source: options.source,
      providerName: options.providerName,
      caipNetworkId,
    }
  } catch (error) {
    if (parameters.signal?.aborted) throw error
    const { nativeCurrency } = network
    return {
      paymentCurrencies: fallbackOnRampPaymentCurrencies(),
      assets: [
        { id: nativeCurrency.symbol, name: nativeCurrency.name, symbol: nativeCurrency.symbol },
      ],
      source: 'fallback',
      caipNetworkId,
    }
  }
}
