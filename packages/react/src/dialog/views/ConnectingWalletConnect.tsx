import { STORAGE_KEYS } from '@foyer/core'
import { useState } from 'react'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { useFoyerState } from '../../hooks/useFoyerState.ts'
import type { MessageKey } from '../../i18n/en.ts'
import { useDevice } from '../useDevice.ts'
import { CopyLinkButton } from './walletconnect/CopyLinkButton.tsx'
import { type DeepLinkKind, formatDeepLink } from './walletconnect/formatDeepLink.ts'
import { PairingStatus } from './walletconnect/PairingStatus.tsx'
import {
  type DeepLinkChoice,
  isRegistryWallet,
  walletDownloadLink,
  walletLinks,
} from './walletconnect/registryWallet.ts'
import { useWalletConnectPairing } from './walletconnect/useWalletConnectPairing.ts'

const linkLabels: Record<DeepLinkKind, MessageKey> = {
  mobile: 'walletConnect.openApp',
  desktop: 'walletConnect.openDesktop',
  web: 'walletConnect.openWeb',
}

/**
 * Connecting a registry wallet over WalletConnect: the QR code with the wallet's logo, links that
 * open the wallet on the pairing URI (its app on a phone or tablet, its desktop app elsewhere, its
 * web app; the last one used comes first), copy link, "Get {name}" when it is not installed, and
 * Retry after a failure. The URI is renewed silently before it expires: the QR code and links
 * follow. Data: `{ wallet: RegistryWallet, connectorId? }`.
 */
export default function ConnectingWalletConnect() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const data = useFoyerState((state) => state.dialog.data)
  const wallet = isRegistryWallet(data?.wallet) ? data.wallet : undefined
  const pairing = useWalletConnectPairing('ConnectingWalletConnect', data?.connectorId)
  const device = useDevice()
  // An installed extension announced the same wallet (EIP-6963 rdns): nothing to get.
  const isInstalled = useFoyerState((state) =>
    state.connectors.some(
      (connector) =>
        connector.type !== 'walletConnect' &&
        (connector.id === wallet?.id || Boolean(wallet?.rdns && connector.rdns === wallet.rdns)),
    ),
  )
  const [choice, setChoice] = useState(() =>
    foyer.storage.getItem<DeepLinkChoice>(STORAGE_KEYS.deepLinkChoice),
  )
  const name = wallet?.name ?? pairing.connector?.name ?? ''
  const uri = pairing.pairingUri?.uri
  const links =
    wallet && uri && !pairing.error
      ? walletLinks(
          wallet,
          choice?.walletId === wallet.id ? choice.kind : undefined,
          device.isMobile,
        )
      : []
  const downloadLink =
    wallet && !isInstalled ? walletDownloadLink(wallet, device.platform) : undefined

  const remember = (kind: DeepLinkKind, link: string) => {
    if (!wallet) return
    const next: DeepLinkChoice = { walletId: wallet.id, name: wallet.name, kind, link }
    foyer.storage.setItem(STORAGE_KEYS.deepLinkChoice, next)
    setChoice(next)
  }

  return (
    <div className="foyer-center">
      <PairingStatus
        pairing={pairing}
        hint={t('walletConnect.scanWallet', { name })}
        logoSrc={wallet?.imageUrl ?? pairing.connector?.icon}
      />
      {links.map(({ kind, link }, index) => (
        <a
          key={kind}
          className="foyer-button"
          data-variant={index === 0 ? undefined : 'secondary'}
          data-deep-link={kind}
          href={formatDeepLink({ link, uri: uri! })}
          // Web apps open beside the dialog; native apps take over from the OS.
          target={kind === 'web' ? '_blank' : undefined}
          rel={kind === 'web' ? 'noopener noreferrer' : undefined}
          onClick={() => remember(kind, link)}
        >
          {t(linkLabels[kind], { name })}
        </a>
      ))}
      {pairing.error ? null : <CopyLinkButton uri={uri} />}
      {downloadLink ? (
        <p className="foyer-muted" data-foyer-get-wallet="">
          {t('walletConnect.noWallet', { name })}{' '}
          <a
            className="foyer-link-button"
            href={downloadLink}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('walletConnect.getWallet', { name })}
          </a>
        </p>
      ) : null}
    </div>
  )
}
