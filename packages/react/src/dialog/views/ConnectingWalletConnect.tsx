import { STORAGE_KEYS } from '@foyer/core'
import { useState } from 'react'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { useFoyerState } from '../../hooks/useFoyerState.ts'
import type { MessageKey } from '../../i18n/en.ts'
import { CopyLinkButton } from './walletconnect/CopyLinkButton.tsx'
import { type DeepLinkKind, formatDeepLink } from './walletconnect/formatDeepLink.ts'
import { PairingStatus } from './walletconnect/PairingStatus.tsx'
import {
  type DeepLinkChoice,
  isRegistryWallet,
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
 * open the wallet on the pairing URI (app, desktop app, web app; the last one used comes first),
 * copy link, and Retry after a failure. Data: `{ wallet: RegistryWallet, connectorId? }`.
 */
export default function ConnectingWalletConnect() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const data = useFoyerState((state) => state.dialog.data)
  const wallet = isRegistryWallet(data?.wallet) ? data.wallet : undefined
  const pairing = useWalletConnectPairing('ConnectingWalletConnect', data?.connectorId)
  const [choice, setChoice] = useState(() =>
    foyer.storage.getItem<DeepLinkChoice>(STORAGE_KEYS.deepLinkChoice),
  )
  const name = wallet?.name ?? pairing.connector?.name ?? ''
  const uri = pairing.pairingUri?.uri
  const links =
    wallet && uri && !pairing.error
      ? walletLinks(wallet, choice?.walletId === wallet.id ? choice.kind : undefined)
      : []

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
    </div>
  )
}
