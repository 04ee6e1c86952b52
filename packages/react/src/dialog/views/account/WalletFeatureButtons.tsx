import { navigate, SEND_NAMESPACES, type View, type WalletFeature } from '@foyer/core'
import { useFeatures } from '../../../hooks/useFeatures.ts'
import { useFoyer, useFoyerContext } from '../../../hooks/useFoyer.ts'
import { useFoyerState } from '../../../hooks/useFoyerState.ts'
import type { MessageKey } from '../../../i18n/en.ts'
import { isBuiltView, preloadView } from '../registry.ts'

const featureViews: Record<WalletFeature, { view: View; label: MessageKey }> = {
  onramp: { view: 'OnRamp', label: 'account.feature.onramp' },
  swaps: { view: 'Swap', label: 'account.feature.swaps' },
  receive: { view: 'Receive', label: 'account.feature.receive' },
  send: { view: 'Send', label: 'account.feature.send' },
}

/**
 * The wallet features in the configured order (default onramp, swaps, receive, send), each only
 * when its feature is on, its view is built, and (send, onramp) the network is EVM or Solana, (swaps)
 * EVM.
 */
export function WalletFeatureButtons() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const namespace = useFoyerState((state) => state.activeNetwork.chainNamespace)
  const features = useFeatures()
  const { walletFeaturesOrder } = foyer.config
  const shown = walletFeaturesOrder.filter((feature) => {
    if (!features[feature]) return false
    if (!isBuiltView(featureViews[feature].view)) return false
    if (feature === 'send' || feature === 'onramp')
      return (SEND_NAMESPACES as readonly string[]).includes(namespace)
    // Swaps route through EVM pools (the server's swap providers).
    if (feature === 'swaps') return namespace === 'eip155'
    return true
  })
  if (shown.length === 0) return null
  return (
    <div className="foyer-grid" data-foyer-wallet-features="">
      {shown.map((feature) => {
        const { view, label } = featureViews[feature]
        return (
          <button
            key={feature}
            type="button"
            className="foyer-grid-item"
            data-foyer-feature={feature}
            onPointerEnter={() => void preloadView(view)}
            onFocus={() => void preloadView(view)}
            onClick={() => navigate(foyer, { view })}
          >
            <span>{t(label)}</span>
          </button>
        )
      })}
    </div>
  )
}
