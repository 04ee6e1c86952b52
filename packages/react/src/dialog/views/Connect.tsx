import type { ConnectMethod, ConnectorTypeOrderEntry } from '@foyer/core'
import { isEmbeddedAuthConnector, navigate } from '@foyer/core'
import { type ReactNode, useId } from 'react'
import { useConnectors } from '../../hooks/useConnectors.ts'
import { useFeatures } from '../../hooks/useFeatures.ts'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { useFoyerState } from '../../hooks/useFoyerState.ts'
import type { MessageKey } from '../../i18n/en.ts'
import { groupConnectorsByWallet } from '../../utils/groupConnectorsByWallet.ts'
import { orderConnectMethods } from '../../utils/orderConnectMethods.ts'
import { WalletGridIcon } from '../components/icons.tsx'
import { NamespaceMarks, useHasSeveralNamespaces } from '../components/NamespaceMarks.tsx'
import { WalletIcon } from '../components/WalletIcon.tsx'
import { onListKeyDown } from '../listKeyboard.ts'
import { useSelectWallet } from '../useSelectWallet.ts'
import { EmailSection } from './email/EmailSection.tsx'
import { LegalCheckbox } from './legal/LegalCheckbox.tsx'
import { useLegalConsent } from './legal/useLegalConsent.ts'
import {
  RecommendedWalletItems,
  RegistryWalletItem,
  useRecommendedWallets,
} from './RecommendedWallets.tsx'
import { SocialSection } from './social/SocialSection.tsx'
import { useFeaturedWallets } from './useFeaturedWallets.ts'

/**
 * Sections per connect method. Email and social render only when an embedded-wallet connector is
 * configured (social also needs providers the server can run).
 */
const builtMethods: ReadonlySet<ConnectMethod> = new Set(['wallet', 'email', 'social'])

const tags: Partial<Record<ConnectorTypeOrderEntry, MessageKey>> = {
  injected: 'connect.tag.installed',
  recent: 'connect.tag.recent',
}

export default function Connect() {
  const foyer = useFoyer()
  const { connectMethodsOrder } = foyer.config
  const features = useFeatures()
  const hasEmbeddedWallet = useFoyerState((state) => state.connectors.some(isEmbeddedAuthConnector))
  const methods = orderConnectMethods(connectMethodsOrder, (method) => {
    if (!builtMethods.has(method)) return false
    if (method === 'email') return features.email && hasEmbeddedWallet
    if (method === 'social') return features.socials !== false && hasEmbeddedWallet
    return true
  })
  const legal = useLegalConsent()
  return (
    <div>
      {legal.required ? <LegalCheckbox checked={legal.agreed} onChange={legal.setAgreed} /> : null}
      {/* A disabled fieldset disables every row, field and button in it at once (they leave the
          Tab order, so nothing traps focus) until the visitor agrees. */}
      <fieldset className="foyer-connect-methods" disabled={!legal.agreed}>
        {methods.map((method) =>
          method === 'wallet' ? (
            <WalletSection key={method} showHeading={methods.length > 1} />
          ) : method === 'email' ? (
            <EmailSection key={method} showHeading={methods.length > 1} />
          ) : method === 'social' ? (
            <SocialSection key={method} showHeading={methods.length > 1} />
          ) : null,
        )}
      </fieldset>
    </div>
  )
}

function WalletSection({ showHeading }: { showHeading: boolean }) {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const features = useFeatures()
  const { groups } = useConnectors()
  const { selectWallet } = useSelectWallet()
  const headingId = useId()
  const showNamespaces = useHasSeveralNamespaces()

  // From SwitchActiveChain: only wallets of the namespace the visitor is moving to, each with
  // that namespace's connector alone.
  const namespace = useFoyerState((state) => state.dialog.data?.namespace)
  const featured = useFeaturedWallets()
  const recommended = useRecommendedWallets()
  const listed = groups.flatMap((group) =>
    group.connectors
      .filter((connector) => namespace === undefined || connector.namespace === namespace)
      .map((connector) => ({ connector, entry: group.entry })),
  )
  const entryOf = new Map(listed.map(({ connector, entry }) => [connector.id, entry]))
  // One row per wallet, in the place (and with the tag) of its first connector.
  const wallets = groupConnectorsByWallet(listed.map(({ connector }) => connector))

  // Rows in `connectorTypeOrder`; featured registry wallets (not installed) join the featured
  // position, after the featured wallets that are installed.
  const order = foyer.config.connectorTypeOrder
  const featuredAt = order.indexOf('featured')
  const rows: ReactNode[] = []
  let featuredShown = featuredAt === -1
  const showFeatured = () => {
    if (featuredShown) return
    featuredShown = true
    for (const entry of featured) rows.push(<RegistryWalletItem key={entry.id} entry={entry} />)
  }
  for (const wallet of wallets) {
    const entry = entryOf.get(wallet.id)!
    if (order.indexOf(entry) > featuredAt) showFeatured()
    const tag = tags[entry]
    rows.push(
      <li key={wallet.id}>
        <button
          type="button"
          className="foyer-list-item"
          data-foyer-item=""
          data-connector-id={wallet.id}
          // Every namespace's connector of the row (`[data-connector-ids~="<id>"]` finds it).
          data-connector-ids={wallet.connectors.map((connector) => connector.id).join(' ')}
          onClick={() => selectWallet(wallet)}
        >
          <WalletIcon src={wallet.icon} />
          {/* The marks go under the name: beside it they would leave the name no room. */}
          <span className="foyer-list-item-label">
            {wallet.name}
            {showNamespaces ? (
              <>
                {' '}
                <NamespaceMarks namespaces={wallet.namespaces} />
              </>
            ) : null}
          </span>
          {tag ? <span className="foyer-tag">{t(tag)}</span> : null}
        </button>
      </li>,
    )
  }
  showFeatured()

  return (
    <section className="foyer-section" aria-labelledby={showHeading ? headingId : undefined}>
      {showHeading ? (
        <h3 id={headingId} className="foyer-section-title">
          {t('connect.section.wallet')}
        </h3>
      ) : null}
      {rows.length === 0 ? <p className="foyer-muted">{t('connect.noWallets')}</p> : null}
      <ul className="foyer-list" onKeyDown={onListKeyDown}>
        {rows}
        <RecommendedWalletItems {...recommended} />
        {features.allWallets ? (
          <li>
            <button
              type="button"
              className="foyer-list-item"
              data-foyer-item=""
              onClick={() => navigate(foyer, { view: 'AllWallets' })}
            >
              {/* The registry's first wallets (featured, then recommended), then installed ones. */}
              <WalletGridIcon
                images={[...featured, ...recommended.entries]
                  .map((entry) => entry.imageUrl)
                  .concat(wallets.map((wallet) => wallet.icon))
                  .filter(Boolean)}
              />
              <span className="foyer-list-item-label">{t('connect.allWallets')}</span>
            </button>
          </li>
        ) : null}
      </ul>
    </section>
  )
}
