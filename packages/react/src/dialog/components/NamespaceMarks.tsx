import type { ChainNamespace } from '@foyer/core'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { namespaceNames } from './namespaceMarks.ts'

/**
 * The namespaces a wallet row serves: small marks for the eye, and one sentence ('Networks: EVM and
 * Solana') for screen readers, which read it as part of the row's name.
 */
export function NamespaceMarks({ namespaces }: { namespaces: readonly ChainNamespace[] }) {
  const { t, locale } = useFoyerContext()
  const names = namespaces.map((namespace) => namespaceNames[namespace])
  return (
    <span className="foyer-namespace-marks">
      <span className="foyer-visually-hidden">
        {t('connect.networks', { networks: formatList(names, locale) })}
      </span>
      {names.map((name) => (
        <span key={name} className="foyer-namespace-mark" aria-hidden="true">
          {name}
        </span>
      ))}
    </span>
  )
}

/** Whether the app has networks of several namespaces: only then do the marks tell rows apart. */
export function useHasSeveralNamespaces(): boolean {
  const { networks } = useFoyer().config
  return new Set(networks.map((network) => network.chainNamespace)).size > 1
}

function formatList(names: readonly string[], locale: string): string {
  try {
    return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names)
  } catch {
    return names.join(', ')
  }
}
