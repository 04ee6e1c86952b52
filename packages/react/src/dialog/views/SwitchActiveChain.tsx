import { type ChainNamespace, navigate } from '@foyer/core'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { useFoyerState } from '../../hooks/useFoyerState.ts'

/**
 * The visitor moved to a network of another namespace that has no wallet yet (SPEC §2): explain
 * that it needs its own wallet, then go on to Connect, listing that namespace's wallets. The
 * connection of the other namespace is kept.
 */
export default function SwitchActiveChain() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const data = useFoyerState((state) => state.dialog.data)
  const activeNetwork = useFoyerState((state) => state.activeNetwork)
  const network = data?.network ?? activeNetwork
  const namespace = (data?.namespace as ChainNamespace | undefined) ?? network.chainNamespace
  return (
    <div>
      <p className="foyer-muted">{t('switchActiveChain.body', { name: network.name })}</p>
      <div className="foyer-actions">
        <button
          type="button"
          className="foyer-button"
          onClick={() => navigate(foyer, { view: 'Connect', data: { namespace }, replace: true })}
        >
          {t('switchActiveChain.connect')}
        </button>
      </div>
    </div>
  )
}
