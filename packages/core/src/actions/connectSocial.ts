import type { Foyer } from '../createFoyer.ts'
import { SocialConnectionInitError } from '../embedded/errors.ts'
import { getEmbeddedConnector } from '../embedded/getEmbeddedConnector.ts'
import { reportEmbeddedError } from '../embedded/reportEmbeddedError.ts'
import { BaseError } from '../errors/base.ts'
import { type NoAuthConnectorError, PopupClosedError } from '../errors/connection.ts'
import { STORAGE_KEYS } from '../storage/keys.ts'
import type { SocialProvider } from '../types/config.ts'
import { type ConnectErrorType, type ConnectReturnType, connect } from './connect.ts'

/** SPEC §9: the popup's size, centred on the app's window. */
export const SOCIAL_POPUP_SIZE = { width: 600, height: 800 } as const
/** SPEC §9: how often a closed popup is noticed. */
const popupClosedPollMs = 1_000
/** The message the secure frame's callback page posts to the app (see `@foyer/frame`). */
const SOCIAL_RESULT_TYPE = '@foyer-frame/SOCIAL_RESULT'

/** SPEC §4: the steps of a social login, for the ConnectingSocial view. */
export type SocialLoginStatus = 'started' | 'userDataRequested' | 'success' | 'error'

/** The parts of a browser window the social login uses (a test passes a model). */
export type SocialPopupHost = {
  open: (url: string, target: string, features: string) => SocialPopup | null
  addEventListener: (type: 'message', listener: (event: MessageEvent) => void) => void
  removeEventListener: (type: 'message', listener: (event: MessageEvent) => void) => void
  screenX?: number
  screenY?: number
  outerWidth?: number
  outerHeight?: number
}
export type SocialPopup = { closed: boolean; close: () => void; location: { href: string } }

export type ConnectSocialParameters = {
  provider: SocialProvider
  /** Called as the login moves on (SPEC §4: started → user data requested → success or error). */
  onStatus?: ((status: SocialLoginStatus) => void) | undefined
  /** The app window; default `globalThis.window`. */
  window?: SocialPopupHost | undefined
}
export type ConnectSocialReturnType = ConnectReturnType & { userName: string | undefined }
export type ConnectSocialErrorType =
  | NoAuthConnectorError
  | PopupClosedError
  | SocialConnectionInitError
  | ConnectErrorType

/**
 * Logs in with a social provider through the embedded wallet: opens a 600×800 popup centred on
 * the window (call it from the click, before anything else awaits, or the browser blocks it), sends
 * it to the provider's page the secure frame asked for, waits for the result the frame's origin
 * posts back, completes the login in the frame, and connects like after an email code. Closing the
 * popup first rejects with 'Popup closed'.
 */
export async function connectSocial(
  foyer: Foyer,
  parameters: ConnectSocialParameters,
): Promise<ConnectSocialReturnType> {
  const { provider, onStatus } = parameters
  const host = parameters.window ?? (globalThis.window as unknown as SocialPopupHost)
  const connector = getEmbeddedConnector(foyer)
  // Opened before any await: a popup opened later than the click is blocked.
  const popup = host.open('', 'foyer-social', popupFeatures(host))
  onStatus?.('started')
  try {
    if (!popup)
      throw new SocialConnectionInitError({ details: 'The browser blocked the login popup' })
    const { uri } = await connector.getSocialRedirectUri({ provider }).catch((error: unknown) => {
      throw error instanceof SocialConnectionInitError
        ? error
        : new SocialConnectionInitError({
            details: error instanceof BaseError ? error.shortMessage : undefined,
            cause: error,
          })
    })
    if (popup.closed) throw new PopupClosedError()
    popup.location.href = uri
    const resultUri = await waitForResult(host, popup, connector.secureOrigin)
    // The popup waits for the app to close it: closing itself could be seen here before its
    // message arrives, and end a completed login with 'Popup closed'.
    popup.close()
    onStatus?.('userDataRequested')
    const { userName } = await connector.connectSocial({ uri: resultUri })
    const result = await connect(foyer, { connectorId: connector.id, authName: provider })
    foyer.storage.setItem(STORAGE_KEYS.socialProvider, provider)
    const state = foyer.getState()
    foyer.store.setState({ account: { ...state.account, socialProvider: provider } })
    onStatus?.('success')
    return { ...result, userName }
  } catch (error) {
    popup?.close()
    onStatus?.('error')
    reportEmbeddedError(foyer, error)
    throw error
  }
}

function popupFeatures(host: SocialPopupHost) {
  const { width, height } = SOCIAL_POPUP_SIZE
  const left = Math.max(0, (host.screenX ?? 0) + ((host.outerWidth ?? width) - width) / 2)
  const top = Math.max(0, (host.screenY ?? 0) + ((host.outerHeight ?? height) - height) / 2)
  return `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`
}

/**
 * The result URI the popup posts, from the secure frame's exact origin and that popup only;
 * 'Popup closed' when the visitor closes it first (checked every second).
 */
function waitForResult(host: SocialPopupHost, popup: SocialPopup, secureOrigin: string) {
  return new Promise<string>((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== secureOrigin || event.source !== (popup as unknown)) return
      const data = event.data as { type?: unknown; resultUri?: unknown } | null
      if (data?.type !== SOCIAL_RESULT_TYPE || typeof data.resultUri !== 'string') return
      done()
      resolve(data.resultUri)
    }
    const timer = setInterval(() => {
      if (!popup.closed) return
      done()
      reject(new PopupClosedError())
    }, popupClosedPollMs)
    const done = () => {
      clearInterval(timer)
      host.removeEventListener('message', onMessage)
    }
    host.addEventListener('message', onMessage)
  })
}
