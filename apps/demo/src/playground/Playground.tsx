import * as world from 'virtual:foyer-world'
import type { ThemeMode } from '@foyer/core'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { devnetChains } from '../chains.ts'
import {
  frameUrl,
  metadata,
  networkParameters,
  passkeysOffered,
  projectId,
  worldNetworks,
} from '../foyer.ts'
import { type PlaygroundCodeWorld, playgroundCode } from './code.ts'
import { type PlaygroundFeature, type PlaygroundSettings, playgroundFeatures } from './settings.ts'

export type PlaygroundProps = {
  settings: PlaygroundSettings
  onChange: (settings: PlaygroundSettings) => void
}

/** Accents with dark text on them at WCAG AA (the dialog writes dark on its accent). */
const accents = [
  { name: 'Foyer blue', value: undefined, swatch: 'hsl(230, 100%, 67%)' },
  { name: 'Teal', value: '#2dd4bf', swatch: '#2dd4bf' },
  { name: 'Lime', value: '#a3e635', swatch: '#a3e635' },
  { name: 'Amber', value: '#fbbf24', swatch: '#fbbf24' },
  { name: 'Coral', value: '#fb7185', swatch: '#fb7185' },
  { name: 'Violet', value: '#c4b5fd', swatch: '#c4b5fd' },
] as const

/** The languages the dialog has texts for, each named in itself. */
const locales = [
  ['ar', 'العربية'],
  ['de', 'Deutsch'],
  ['en', 'English'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['he', 'עברית'],
  ['hi', 'हिन्दी'],
  ['id', 'Bahasa Indonesia'],
  ['ja', '日本語'],
  ['ko', '한국어'],
  ['pt', 'Português'],
  ['ru', 'Русский'],
  ['tr', 'Türkçe'],
  ['zh-CN', '简体中文'],
] as const

const featureNames: Record<PlaygroundFeature, string> = {
  email: 'Email login',
  socials: 'Social logins',
  swaps: 'Swaps',
  onramp: 'Buy crypto (on-ramp)',
  send: 'Send',
  receive: 'Receive',
  multiWallet: 'Several wallets at once',
  legalCheckbox: 'Terms and privacy checkbox',
  branding: '“Powered by Foyer” line',
}

const themeModes: readonly { value: ThemeMode; name: string }[] = [
  { value: 'light', name: 'Light' },
  { value: 'dark', name: 'Dark' },
  { value: 'system', name: 'System' },
]

const codeWorld: PlaygroundCodeWorld = {
  origin: window.location.origin,
  metadata,
  evmChains: devnetChains,
  otherNetworks: worldNetworks.flatMap((network) => {
    if (network.namespace === 'eip155') return []
    const key = network.namespace === 'bip122' ? 'bitcoin' : network.namespace
    const parameters = networkParameters[key]
    return parameters ? [{ ...network, namespace: network.namespace, parameters }] : []
  }),
  relayUrl: world.relayUrl,
  frameUrl: frameUrl(),
  projectId: projectId(),
  serverUrl: world.serverUrl,
  passkeys: passkeysOffered(),
}

/**
 * The landing page's playground: theme, accent, corner radius, language, features and networks of
 * the running dialog, with the `createFoyer` code that gives it.
 */
export default function Playground({ settings, onChange }: PlaygroundProps) {
  const id = useId()
  const code = useMemo(() => playgroundCode(settings, codeWorld), [settings])
  const [copied, setCopied] = useState<'copied' | 'failed'>()
  const codeBox = useRef<HTMLElement>(null)
  const firstCode = useRef(code)
  useEffect(() => {
    // The options the visitor changes are the call's last lines: keep them in view.
    if (code !== firstCode.current && codeBox.current)
      codeBox.current.scrollTop = codeBox.current.scrollHeight
  }, [code])
  const update = (next: Partial<PlaygroundSettings>) => {
    setCopied(undefined)
    onChange({ ...settings, ...next })
  }
  const copy = () =>
    navigator.clipboard.writeText(code).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    )
  return (
    <section className="playground" aria-labelledby={`${id}-title`} data-testid="playground">
      <div className="playground-head">
        <h2 id={`${id}-title`}>Playground</h2>
        <p>Every change applies to the dialog on this page. Open it to see.</p>
      </div>
      <div className="playground-controls">
        <fieldset className="segmented">
          <legend>Dialog theme</legend>
          {themeModes.map((mode) => (
            <label key={mode.value}>
              <input
                type="radio"
                name={`${id}-theme`}
                value={mode.value}
                checked={settings.themeMode === mode.value}
                onChange={() => update({ themeMode: mode.value })}
              />
              <span>{mode.name}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="swatches">
          <legend>Accent colour</legend>
          {accents.map((accent) => (
            <label key={accent.name} title={accent.name}>
              <input
                type="radio"
                name={`${id}-accent`}
                value={accent.value ?? ''}
                aria-label={accent.name}
                checked={settings.accent === accent.value}
                onChange={() => update({ accent: accent.value })}
              />
              <span className="swatch" style={{ background: accent.swatch }} />
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-radius`}>Corner radius</label>
          <div className="range">
            <input
              id={`${id}-radius`}
              type="range"
              min={0}
              max={28}
              step={2}
              value={settings.radius ?? 16}
              onChange={(event) => {
                const radius = Number(event.target.value)
                update({ radius: radius === 16 ? undefined : radius })
              }}
            />
            <output htmlFor={`${id}-radius`}>{settings.radius ?? 16} px</output>
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-locale`}>Language</label>
          <select
            id={`${id}-locale`}
            value={settings.locale ?? ''}
            onChange={(event) => update({ locale: event.target.value || undefined })}
          >
            <option value="">The browser’s</option>
            {locales.map(([tag, name]) => (
              <option key={tag} value={tag} lang={tag}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="checks">
          <legend>Features</legend>
          {playgroundFeatures.map((feature) => (
            <label key={feature}>
              <input
                type="checkbox"
                checked={settings.features[feature]}
                onChange={(event) =>
                  update({ features: { ...settings.features, [feature]: event.target.checked } })
                }
              />
              {featureNames[feature]}
            </label>
          ))}
          <label>
            <input
              type="checkbox"
              checked={settings.siwx}
              onChange={(event) => update({ siwx: event.target.checked })}
            />
            Sign-in with the wallet (SIWX)
          </label>
        </fieldset>
        <fieldset className="checks">
          <legend>Networks</legend>
          {worldNetworks.map((network) => {
            const checked = settings.networks.includes(network.caipNetworkId)
            return (
              <label key={network.caipNetworkId}>
                <input
                  type="checkbox"
                  checked={checked}
                  // The dialog needs at least one network.
                  disabled={checked && settings.networks.length === 1}
                  onChange={(event) =>
                    update({
                      // In the world's order: the first is the default network.
                      networks: worldNetworks
                        .map((each) => each.caipNetworkId)
                        .filter((each) =>
                          each === network.caipNetworkId
                            ? event.target.checked
                            : settings.networks.includes(each),
                        ),
                    })
                  }
                />
                {network.name}
              </label>
            )
          })}
        </fieldset>
      </div>
      <div className="code">
        <div className="code-head">
          <h3 id={`${id}-code`}>Your configuration</h3>
          <span role="status" className="copy-status">
            {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Could not copy' : ''}
          </span>
          <button type="button" onClick={copy}>
            Copy code
          </button>
        </div>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region needs a tab stop (axe scrollable-region-focusable). */}
        <section ref={codeBox} className="code-scroll" aria-labelledby={`${id}-code`} tabIndex={0}>
          <pre data-testid="playground-code">
            <code>{code}</code>
          </pre>
        </section>
      </div>
    </section>
  )
}
