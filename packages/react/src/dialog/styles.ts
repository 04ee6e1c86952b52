/**
 * The dialog's stylesheet. Plain CSS with custom properties, scoped by the shadow root it is
 * adopted into, so it neither leaks into nor inherits rules from the host page.
 *
 * Constants (SPEC §9): width 360px, z-index 999, dark theme by default, accents
 * hsla(231,100%,70%,1) (light) / hsla(230,100%,67%,1) (dark), backgrounds #fff / #121313,
 * header text 120 ms, height 150 ms, view 150 ms, shake 500 ms, bottom sheet up to 430 px.
 *
 * Right-to-left: boxes use logical properties (inline start/end), so `dir="rtl"` on the theme
 * element mirrors the layout; `.foyer-mirror-rtl` flips directional icons. Addresses, amounts and
 * QR codes carry `dir="ltr"` (isolated, so they read the same in every language).
 */
export const dialogStyles = /* css */ `
:host {
  all: initial;
  --foyer-font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  --foyer-font-size-base: 16px;
  --foyer-border-radius: 16px;
  --foyer-z-index: 999;
  --foyer-modal-width: 360px;
  --foyer-duration-header: 120ms;
  --foyer-duration-height: 150ms;
  --foyer-duration-view: 150ms;
  --foyer-duration-shake: 500ms;
}

.foyer-theme {
  --foyer-accent: hsla(230, 100%, 67%, 1);
  --foyer-background: #121313;
  --foyer-foreground: #e4e7e7;
  --foyer-foreground-muted: #9a9fa0;
  --foyer-surface: rgba(255, 255, 255, 0.05);
  --foyer-surface-hover: rgba(255, 255, 255, 0.1);
  --foyer-border: rgba(255, 255, 255, 0.1);
  --foyer-overlay: rgba(0, 0, 0, 0.6);
  --foyer-error: #f25a67;
  --foyer-success: #26d962;
  /* Text on the accent and accent-coloured text, chosen for WCAG AA contrast (4.5:1). */
  --foyer-on-accent: #0b0d1a;
  --foyer-accent-text: #a5b4ff;
  color-scheme: dark;
  font-family: var(--foyer-font-family);
  font-size: var(--foyer-font-size-base);
  line-height: 1.4;
  color: var(--foyer-foreground);
  -webkit-font-smoothing: antialiased;
}

.foyer-theme[data-theme='light'] {
  --foyer-accent: hsla(231, 100%, 70%, 1);
  --foyer-background: #ffffff;
  --foyer-foreground: #141414;
  /* AA (4.5:1) on the background and on the surfaces (rows, hovered rows) too. */
  --foyer-foreground-muted: #666a6b;
  --foyer-surface: rgba(0, 0, 0, 0.04);
  --foyer-surface-hover: rgba(0, 0, 0, 0.08);
  --foyer-border: rgba(0, 0, 0, 0.1);
  --foyer-overlay: rgba(0, 0, 0, 0.3);
  --foyer-error: #d52d3b;
  --foyer-success: #1a9e49;
  --foyer-on-accent: #0b0d1a;
  --foyer-accent-text: #2f45d6;
  color-scheme: light;
}

.foyer-root {
  position: fixed;
  inset: 0;
  z-index: var(--foyer-z-index);
  display: flex;
  align-items: center;
  justify-content: center;
}

.foyer-theme *,
.foyer-theme *::before,
.foyer-theme *::after {
  box-sizing: border-box;
}

.foyer-overlay {
  position: absolute;
  inset: 0;
  background: var(--foyer-overlay);
}

.foyer-card {
  position: relative;
  width: var(--foyer-modal-width);
  max-width: calc(100vw - 24px);
  max-height: calc(100vh - 48px);
  display: flex;
  flex-direction: column;
  background: var(--foyer-background);
  border: 1px solid var(--foyer-border);
  border-radius: var(--foyer-border-radius);
  box-shadow: 0 12px 48px rgba(0, 0, 0, 0.3);
  overflow: hidden;
  outline: none;
}

.foyer-card[data-shake='true'] {
  animation: foyer-shake var(--foyer-duration-shake) cubic-bezier(0.36, 0.07, 0.19, 0.97) both;
}

@keyframes foyer-shake {
  10%, 90% { transform: translateX(-1px); }
  20%, 80% { transform: translateX(2px); }
  30%, 50%, 70% { transform: translateX(-4px); }
  40%, 60% { transform: translateX(4px); }
}

/* Bottom sheet on narrow screens (up to 430 px): full width, on the bottom edge, rounded on top
   only, clear of the home indicator. */
@media (max-width: 430px) {
  .foyer-root { align-items: flex-end; }
  .foyer-card {
    width: 100%;
    max-width: 100%;
    max-height: calc(100vh - 24px);
    border-end-start-radius: 0;
    border-end-end-radius: 0;
    border-inline: none;
    border-block-end: none;
    padding-block-end: env(safe-area-inset-bottom, 0px);
  }
}

.foyer-header {
  display: grid;
  grid-template-columns: 40px 1fr 40px;
  align-items: center;
  gap: 8px;
  padding: 12px 12px 8px;
}

.foyer-title {
  margin: 0;
  text-align: center;
  font-size: 16px;
  font-weight: 600;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  animation: foyer-fade-in var(--foyer-duration-header) ease-out both;
}

.foyer-icon-button {
  width: 36px;
  height: 36px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  border: none;
  border-radius: calc(var(--foyer-border-radius) / 2);
  background: transparent;
  color: var(--foyer-foreground-muted);
  cursor: pointer;
}

.foyer-icon-button:hover { background: var(--foyer-surface-hover); color: var(--foyer-foreground); }

.foyer-body {
  overflow: hidden;
  transition: height var(--foyer-duration-height) ease-out;
}

.foyer-view {
  padding: 4px 12px 16px;
  max-height: calc(100vh - 120px);
  overflow-y: auto;
  animation: foyer-view-in var(--foyer-duration-view) ease-out both;
}

@keyframes foyer-fade-in { from { opacity: 0; } to { opacity: 1; } }
@keyframes foyer-view-in {
  from { opacity: 0; transform: translateY(4px); }
  to { opacity: 1; transform: none; }
}
/* Opening: the first view only rises, so the frame after the click already shows it. */
.foyer-view[data-foyer-first-view] { animation-name: foyer-view-rise; }
@keyframes foyer-view-rise {
  from { transform: translateY(4px); }
  to { transform: none; }
}

.foyer-section { margin: 0 0 12px; }
.foyer-section-title {
  margin: 8px 4px;
  font-size: 13px;
  font-weight: 500;
  color: var(--foyer-foreground-muted);
}

.foyer-list {
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 6px;
}

.foyer-list-item {
  width: 100%;
  display: flex;
  align-items: center;
  gap: 12px;
  padding-block: 8px;
  padding-inline: 8px 12px;
  border: none;
  border-radius: calc(var(--foyer-border-radius) * 0.75);
  background: var(--foyer-surface);
  color: var(--foyer-foreground);
  font: inherit;
  font-size: 15px;
  text-align: start;
  cursor: pointer;
}

.foyer-list-item:hover:not(:disabled) { background: var(--foyer-surface-hover); }
.foyer-list-item:disabled { cursor: default; opacity: 0.6; }
.foyer-list-item[aria-current='true'] { box-shadow: inset 0 0 0 1px var(--foyer-accent); }

.foyer-swap-row { display: flex; gap: 8px; align-items: center; }
.foyer-swap-row > .foyer-search, .foyer-swap-row > output { flex: 1; min-width: 0; }
.foyer-swap-picker { position: relative; }
.foyer-swap-picker > .foyer-button { display: inline-flex; align-items: center; gap: 6px; }
.foyer-swap-token-list {
  position: absolute;
  inset-inline-end: 0;
  z-index: 2;
  width: 300px;
  max-height: 320px;
  overflow-y: auto;
  padding: 8px;
  border-radius: var(--foyer-border-radius);
  background: var(--foyer-background);
  box-shadow: 0 8px 24px rgb(0 0 0 / 0.35);
}
.foyer-swap-details {
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 12px;
  margin: 0;
  font-size: 13px;
}
.foyer-swap-details dt { color: var(--foyer-foreground-muted); }
.foyer-swap-details dd { margin: 0; text-align: end; }
.foyer-alerts { display: grid; gap: 6px; padding: 0 16px 8px; }
.foyer-alert {
  display: flex;
  gap: 8px;
  align-items: flex-start;
  padding: 8px 10px;
  border-radius: calc(var(--foyer-border-radius) / 2);
  font-size: 13px;
  border: 1px solid color-mix(in srgb, var(--foyer-error, #f25a67) 50%, transparent);
  background: color-mix(in srgb, var(--foyer-error, #f25a67) 12%, transparent);
}
.foyer-alert[data-variant='warning'] { border-color: color-mix(in srgb, #f2a53a 50%, transparent); background: color-mix(in srgb, #f2a53a 12%, transparent); }
.foyer-alert p { margin: 0; flex: 1; }
.foyer-choice-group { border: none; margin: 0; padding: 0; min-width: 0; display: grid; gap: 6px; }
.foyer-choice-group[data-compact] { flex: none; }
.foyer-choice-row { display: flex; flex-wrap: wrap; gap: 6px; }
.foyer-choice {
  position: relative;
  display: inline-flex;
  align-items: center;
  padding: 6px 12px;
  border: 1px solid var(--foyer-border);
  border-radius: calc(var(--foyer-border-radius) / 2);
  font-size: 14px;
  cursor: pointer;
}
.foyer-choice input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
.foyer-choice:has(input:checked) { border-color: var(--foyer-accent); box-shadow: inset 0 0 0 1px var(--foyer-accent); }
.foyer-choice:has(input:focus-visible) { outline: 2px solid var(--foyer-accent); outline-offset: 2px; }
.foyer-choice-row > .foyer-button { flex: 1; }
.foyer-link-button {
  border: none;
  background: none;
  padding: 0;
  color: var(--foyer-accent-text);
  font: inherit;
  cursor: pointer;
  text-decoration: underline;
}

.foyer-social-row {
  display: flex;
  gap: 8px;
  margin-top: 8px;
}
.foyer-social-button {
  flex: 1;
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  border: none;
  border-radius: calc(var(--foyer-border-radius) * 0.75);
  background: var(--foyer-surface);
  color: var(--foyer-foreground);
  cursor: pointer;
}
.foyer-social-button:hover { background: var(--foyer-surface-hover); }
.foyer-social-mark { flex: none; }
.foyer-list-item .foyer-social-mark { margin: 0 4px; }

.foyer-list-item-label {
  flex: 1;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
}

.foyer-tag {
  flex: none;
  padding: 2px 6px;
  border-radius: 6px;
  font-size: 12px;
  font-weight: 500;
  color: var(--foyer-accent-text);
  background: color-mix(in srgb, var(--foyer-accent) 15%, transparent);
}

/* The namespaces a wallet row serves (EVM, Solana, …) when the app has several. */
.foyer-namespace-marks {
  flex: none;
  display: inline-flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 4px;
}
.foyer-namespace-mark {
  padding: 0 5px;
  border: 1px solid var(--foyer-border);
  border-radius: 5px;
  font-size: 10px;
  font-weight: 600;
  line-height: 16px;
  color: var(--foyer-foreground-muted);
}
.foyer-grid-item .foyer-namespace-marks { overflow: visible; white-space: normal; }
.foyer-list-item-label > .foyer-namespace-marks {
  display: flex;
  justify-content: flex-start;
  margin-top: 3px;
  white-space: normal;
}

.foyer-list-item-detail {
  display: block;
  font-size: 12px;
  color: var(--foyer-foreground-muted);
  overflow: hidden;
  text-overflow: ellipsis;
}

/* A wallet of ProfileWallets: the row that makes it active, then its own Disconnect button. */
.foyer-wallet-row { display: flex; gap: 6px; align-items: center; }
.foyer-wallet-row > .foyer-list-item { flex: 1; min-width: 0; }
.foyer-wallet-row > .foyer-button { flex: none; padding: 8px 10px; font-size: 13px; }

.foyer-wallet-icon {
  flex: none;
  width: 40px;
  height: 40px;
  border-radius: 10px;
  object-fit: cover;
  background: var(--foyer-surface);
}

.foyer-wallet-icon-large { width: 72px; height: 72px; border-radius: 20px; }
.foyer-wallet-icon-small { width: 24px; height: 24px; border-radius: 50%; }

/* Send: the receiver's avatar beside its name and address, the long address wrapping beside it. */
.foyer-receiver-profile { display: flex; align-items: center; gap: 8px; min-width: 0; margin-top: 4px; }
.foyer-receiver-profile-text { min-width: 0; overflow-wrap: anywhere; }

/* All Wallets: the first four wallets' logos in a 2×2 grid. */
.foyer-wallet-grid-icon {
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 3px;
  padding: 5px;
  background: var(--foyer-surface-hover);
}
.foyer-wallet-grid-icon > * { width: 100%; height: 100%; border-radius: 4px; object-fit: cover; }
.foyer-wallet-grid-empty { background: var(--foyer-border); }

.foyer-chain-icon { flex: none; border-radius: 50%; }
.foyer-list-item > .foyer-chain-icon { margin-inline: 8px 0; }

/* An input with a drawn icon at its start (the email field). */
.foyer-field-with-icon { position: relative; }
.foyer-field-with-icon > .foyer-search { padding-inline-start: 40px; }
.foyer-field-icon {
  position: absolute;
  inset-inline-start: 12px;
  top: 11px;
  color: var(--foyer-foreground-muted);
  pointer-events: none;
}

.foyer-empty { color: var(--foyer-foreground-muted); }
.foyer-empty > svg { opacity: 0.7; }

.foyer-grid {
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  /* minmax(0, …): a long wallet name is ellipsed instead of widening its column past the card. */
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 8px;
}

.foyer-grid-item {
  width: 100%;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 6px;
  padding: 8px 4px;
  border: none;
  border-radius: calc(var(--foyer-border-radius) * 0.75);
  background: var(--foyer-surface);
  color: var(--foyer-foreground);
  font: inherit;
  font-size: 12px;
  cursor: pointer;
}

.foyer-grid-item:hover { background: var(--foyer-surface-hover); }
.foyer-grid-item span {
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
}

.foyer-search {
  width: 100%;
  margin: 0 0 12px;
  padding: 10px 12px;
  border: 1px solid var(--foyer-border);
  border-radius: calc(var(--foyer-border-radius) * 0.75);
  background: var(--foyer-surface);
  color: var(--foyer-foreground);
  font: inherit;
  font-size: 15px;
}

.foyer-button {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  padding: 10px 16px;
  border: none;
  border-radius: calc(var(--foyer-border-radius) * 0.75);
  background: var(--foyer-accent);
  color: var(--foyer-on-accent);
  font: inherit;
  font-size: 15px;
  font-weight: 600;
  cursor: pointer;
}

.foyer-button[data-variant='secondary'] { background: var(--foyer-surface); color: var(--foyer-foreground); }
.foyer-button[aria-pressed='true'] { box-shadow: inset 0 0 0 1px var(--foyer-accent); }
.foyer-button:hover { filter: brightness(1.08); }

.foyer-center {
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 16px 8px;
  text-align: center;
}

.foyer-muted { color: var(--foyer-foreground-muted); font-size: 14px; margin: 0; }
.foyer-error-text { color: var(--foyer-error); font-size: 14px; margin: 0; }
.foyer-notice { font-size: 14px; margin: 0; padding: 10px 12px; border-radius: calc(var(--foyer-border-radius) / 2); border: 1px solid var(--foyer-border); background: var(--foyer-surface); color: var(--foyer-foreground); text-align: start; }
.foyer-strong { font-size: 18px; font-weight: 600; margin: 0; overflow-wrap: anywhere; }

.foyer-spinner {
  width: 24px;
  height: 24px;
  border: 3px solid var(--foyer-surface-hover);
  border-top-color: var(--foyer-accent);
  border-radius: 50%;
  animation: foyer-spin 800ms linear infinite;
}

.foyer-spinner-small { width: 14px; height: 14px; border-width: 2px; }

@keyframes foyer-spin { to { transform: rotate(360deg); } }

/* A row's place while its data loads. */
.foyer-skeleton {
  height: 56px;
  border-radius: calc(var(--foyer-border-radius) * 0.75);
  background: var(--foyer-surface-hover);
  animation: foyer-pulse 1.2s ease-in-out infinite;
}

.foyer-skeleton-row,
.foyer-skeleton-tile {
  display: flex;
  align-items: center;
  gap: 12px;
  padding-block: 8px;
  padding-inline: 8px 12px;
  background: var(--foyer-surface);
}
.foyer-skeleton-tile { height: auto; flex-direction: column; gap: 6px; padding: 8px 4px; }
.foyer-skeleton-icon {
  flex: none;
  width: 40px;
  height: 40px;
  border-radius: 10px;
  background: var(--foyer-surface-hover);
}
.foyer-skeleton-line {
  width: 50%;
  height: 12px;
  border-radius: 6px;
  background: var(--foyer-surface-hover);
}
.foyer-skeleton-tile > .foyer-skeleton-line { width: 70%; height: 10px; }

@keyframes foyer-pulse { 50% { opacity: 0.5; } }

.foyer-actions { display: flex; flex-direction: column; gap: 8px; width: 100%; }

.foyer-sentinel { height: 1px; }

.foyer-toasts {
  position: fixed;
  z-index: calc(var(--foyer-z-index) + 1);
  top: 16px;
  left: 50%;
  transform: translateX(-50%);
  display: flex;
  flex-direction: column;
  align-items: center;
  pointer-events: none;
}

.foyer-toast {
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 8px 14px;
  border: 1px solid var(--foyer-border);
  border-radius: 999px;
  background: var(--foyer-background);
  color: var(--foyer-foreground);
  font-size: 14px;
  box-shadow: 0 6px 24px rgba(0, 0, 0, 0.25);
  pointer-events: auto;
  animation: foyer-fade-in var(--foyer-duration-view) ease-out both;
}

.foyer-toast[data-variant='error'] .foyer-toast-dot { background: var(--foyer-error); }
.foyer-toast[data-variant='success'] .foyer-toast-dot { background: var(--foyer-success); }
.foyer-toast[data-variant='loading'] .foyer-toast-dot { background: var(--foyer-accent); }
.foyer-toast-dot { width: 8px; height: 8px; border-radius: 50%; }

.foyer-qr {
  display: block;
  width: 100%;
  max-width: 280px;
  height: auto;
  padding: 12px;
  border-radius: var(--foyer-border-radius);
  background: #ffffff;
}

/* Directional icons (Back's chevron) point the other way in a right-to-left dialog. */
[dir='rtl'] .foyer-mirror-rtl { transform: scaleX(-1); }

/* Legal checkbox (features.legalCheckbox): the agreement above the connect methods. */
.foyer-legal {
  display: flex;
  align-items: flex-start;
  gap: 8px;
  margin: 0 4px 12px;
  font-size: 13px;
  color: var(--foyer-foreground-muted);
}
.foyer-legal input { flex: none; width: 16px; height: 16px; margin: 2px 0 0; accent-color: var(--foyer-accent); }
.foyer-legal a { color: var(--foyer-accent-text); }
/* The connect methods, disabled together until the visitor agrees. */
.foyer-connect-methods { border: none; margin: 0; padding: 0; min-width: 0; }
.foyer-connect-methods :is(button, input):disabled { cursor: default; opacity: 0.6; }

/* Branding (features.branding): the "Powered by Foyer" line at the foot of the dialog. */
.foyer-footer {
  padding: 8px 12px 12px;
  border-block-start: 1px solid var(--foyer-border);
  font-size: 12px;
  text-align: center;
  color: var(--foyer-foreground-muted);
}
.foyer-footer p { margin: 0; }

.foyer-visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
}

.foyer-theme :focus-visible {
  outline: 2px solid var(--foyer-accent);
  outline-offset: 2px;
}

@media (prefers-reduced-motion: reduce) {
  .foyer-theme *,
  .foyer-theme *::before,
  .foyer-theme *::after {
    animation: none !important;
    transition: none !important;
  }
}
`
