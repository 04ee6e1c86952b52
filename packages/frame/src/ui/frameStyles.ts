/**
 * The frame page's stylesheet, served by the frame server at `/frame.css` (the CSP allows
 * `style-src 'self'` only, so nothing here may be inline).
 *
 * Rules that matter beyond looks:
 * - The document stays transparent and declares no `color-scheme` on its root: a root
 *   `color-scheme` that differs from the embedding page's makes Chromium paint the iframe opaque.
 * - The card's resting state has no opacity, filter or transform: IntersectionObserver v2 counts
 *   any of them as "not visible", which keeps guarded buttons disabled. The entrance animation
 *   ends on `opacity: 1; transform: none`.
 * - Colours meet WCAG AA (4.5:1 for text, 3:1 for borders of controls) in both themes.
 */
export const frameStyles = `
html, body { margin: 0; padding: 0; background: transparent; }

.foyer-overlay {
  --foyer-bg: #ffffff;
  --foyer-fg: #111827;
  --foyer-muted: #4b5563;
  --foyer-surface: #f3f4f6;
  --foyer-border: #d1d5db;
  --foyer-control-border: #6b7280;
  --foyer-primary: #1d4ed8;
  --foyer-primary-hover: #1e40af;
  --foyer-on-primary: #ffffff;
  --foyer-danger: #b91c1c;
  --foyer-danger-hover: #991b1b;
  --foyer-on-danger: #ffffff;
  --foyer-disabled-bg: #e5e7eb;
  --foyer-disabled-fg: #4b5563;
  --foyer-caution-bg: #fef3c7;
  --foyer-caution-fg: #713f12;
  --foyer-caution-border: #d97706;
  --foyer-alert-bg: #fee2e2;
  --foyer-alert-fg: #7f1d1d;
  --foyer-alert-border: #dc2626;
  --foyer-positive: #047857;
  --foyer-negative: #b91c1c;
  --foyer-focus: #1d4ed8;
  --foyer-backdrop: rgb(15 23 42 / 0.62);
  --foyer-shadow: 0 24px 48px rgb(15 23 42 / 0.28);
  color-scheme: light;
  position: fixed;
  inset: 0;
  z-index: 2147483647;
  box-sizing: border-box;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--foyer-fg);
  -webkit-text-size-adjust: 100%;
}

@media (prefers-color-scheme: dark) {
  :root:not([data-theme="light"]) .foyer-overlay {
    --foyer-bg: #111827;
    --foyer-fg: #f9fafb;
    --foyer-muted: #b6bcc6;
    --foyer-surface: #1f2937;
    --foyer-border: #374151;
    --foyer-control-border: #9ca3af;
    --foyer-primary: #2563eb;
    --foyer-primary-hover: #1d4ed8;
    --foyer-danger: #dc2626;
    --foyer-danger-hover: #b91c1c;
    --foyer-disabled-bg: #374151;
    --foyer-disabled-fg: #d1d5db;
    --foyer-caution-bg: #422006;
    --foyer-caution-fg: #fde68a;
    --foyer-caution-border: #d97706;
    --foyer-alert-bg: #450a0a;
    --foyer-alert-fg: #fecaca;
    --foyer-alert-border: #ef4444;
    --foyer-positive: #34d399;
    --foyer-negative: #f87171;
    --foyer-focus: #93c5fd;
    --foyer-backdrop: rgb(0 0 0 / 0.7);
    --foyer-shadow: 0 24px 48px rgb(0 0 0 / 0.5);
    color-scheme: dark;
  }
}

:root[data-theme="dark"] .foyer-overlay {
  --foyer-bg: #111827;
  --foyer-fg: #f9fafb;
  --foyer-muted: #b6bcc6;
  --foyer-surface: #1f2937;
  --foyer-border: #374151;
  --foyer-control-border: #9ca3af;
  --foyer-primary: #2563eb;
  --foyer-primary-hover: #1d4ed8;
  --foyer-danger: #dc2626;
  --foyer-danger-hover: #b91c1c;
  --foyer-disabled-bg: #374151;
  --foyer-disabled-fg: #d1d5db;
  --foyer-caution-bg: #422006;
  --foyer-caution-fg: #fde68a;
  --foyer-caution-border: #d97706;
  --foyer-alert-bg: #450a0a;
  --foyer-alert-fg: #fecaca;
  --foyer-alert-border: #ef4444;
  --foyer-positive: #34d399;
  --foyer-negative: #f87171;
  --foyer-focus: #93c5fd;
  --foyer-backdrop: rgb(0 0 0 / 0.7);
  --foyer-shadow: 0 24px 48px rgb(0 0 0 / 0.5);
  color-scheme: dark;
}

.foyer-overlay *, .foyer-overlay *::before, .foyer-overlay *::after { box-sizing: border-box; }

.foyer-backdrop { position: fixed; inset: 0; background: var(--foyer-backdrop); }

/* The secure window (a top-level window of the frame's origin) hosts a card on its own. */
.foyer-secure-window { background: var(--foyer-surface); }

.foyer-card {
  position: relative;
  display: flex;
  flex-direction: column;
  width: min(440px, 100%);
  max-height: 100%;
  overflow: hidden;
  background: var(--foyer-bg);
  color: var(--foyer-fg);
  border: 1px solid var(--foyer-border);
  border-radius: 16px;
  box-shadow: var(--foyer-shadow);
}
.foyer-card:focus { outline: none; }
.foyer-card:focus-visible { outline: 3px solid var(--foyer-focus); outline-offset: 2px; }

.foyer-card-header { padding: 16px 20px 4px; }
.foyer-secure-badge {
  display: inline-flex;
  align-items: center;
  gap: 6px;
  max-width: 100%;
  margin: 0;
  padding: 3px 10px;
  border: 1px solid var(--foyer-border);
  border-radius: 999px;
  background: var(--foyer-surface);
  color: var(--foyer-muted);
  font-size: 12px;
  overflow-wrap: anywhere;
}
.foyer-secure-badge svg { flex: none; width: 12px; height: 12px; fill: currentColor; }
.foyer-title { margin: 10px 0 0; font-size: 19px; line-height: 1.3; font-weight: 650; }

.foyer-card-body { flex: 1 1 auto; min-height: 0; overflow-y: auto; padding: 8px 20px 12px; }
.foyer-card-body:focus { outline: none; }
.foyer-card-body:focus-visible { outline: 3px solid var(--foyer-focus); outline-offset: -3px; }
.foyer-card-footer { padding: 12px 20px 16px; border-top: 1px solid var(--foyer-border); }

.foyer-alert {
  margin: 0 20px 8px;
  padding: 8px 12px;
  border: 1px solid var(--foyer-alert-border);
  border-radius: 10px;
  background: var(--foyer-alert-bg);
  color: var(--foyer-alert-fg);
}
.foyer-visibility-hint {
  position: absolute; top: 10px; left: 16px; right: 16px; text-align: center;
  margin: 0; padding: 6px 12px; border-radius: 999px; pointer-events: none;
  background: var(--foyer-bg); color: var(--foyer-fg);
  border: 1px solid var(--foyer-border); font-size: 13px;
}

.foyer-actions { display: flex; flex-wrap: wrap; gap: 8px; }
.foyer-button {
  flex: 1 1 0;
  min-width: 120px;
  min-height: 44px;
  padding: 0 16px;
  border: 1px solid transparent;
  border-radius: 10px;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
}
.foyer-button:focus-visible { outline: 3px solid var(--foyer-focus); outline-offset: 2px; }
.foyer-button-primary { background: var(--foyer-primary); color: var(--foyer-on-primary); }
.foyer-button-primary:hover { background: var(--foyer-primary-hover); }
.foyer-button-secondary { background: var(--foyer-bg); color: var(--foyer-fg); border-color: var(--foyer-control-border); }
.foyer-button-secondary:hover { background: var(--foyer-surface); }
.foyer-button-danger { background: var(--foyer-danger); color: var(--foyer-on-danger); }
.foyer-button-danger:hover { background: var(--foyer-danger-hover); }
.foyer-button[aria-disabled="true"],
.foyer-button[aria-disabled="true"]:hover {
  background: var(--foyer-disabled-bg);
  color: var(--foyer-disabled-fg);
  border-color: var(--foyer-control-border);
  cursor: not-allowed;
}

.foyer-hidden { display: none !important; }
/* A card whose buttons moved into its body has no footer unless the hint shows. */
.foyer-card-footer:not(:has(.foyer-actions > *)) { display: none; }

/* Prompts (recovery password, device approval, key export) */
.foyer-frame-text { margin: 0 0 12px; }
.foyer-frame-muted { margin: 0 0 12px; color: var(--foyer-muted); font-size: 13px; }
.foyer-frame-notice {
  margin: 0 0 12px;
  padding: 8px 12px;
  border: 1px solid var(--foyer-caution-border);
  border-radius: 10px;
  background: var(--foyer-caution-bg);
  color: var(--foyer-caution-fg);
}
.foyer-frame-code {
  margin: 8px 0 12px;
  padding: 12px;
  border: 1px solid var(--foyer-border);
  border-radius: 10px;
  background: var(--foyer-surface);
  font: 650 24px/1.2 ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
  letter-spacing: 0.15em;
  text-align: center;
}
.foyer-frame-field { display: grid; gap: 4px; margin: 0 0 12px; }
.foyer-frame-field label { font-weight: 600; }
.foyer-frame-field input, .foyer-frame-field textarea {
  width: 100%;
  min-height: 44px;
  padding: 10px 12px;
  border: 1px solid var(--foyer-control-border);
  border-radius: 10px;
  background: var(--foyer-bg);
  color: var(--foyer-fg);
  font: inherit;
}
.foyer-frame-field textarea {
  resize: vertical;
  word-break: break-all;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
  font-size: 13px;
}
.foyer-frame-field input:focus-visible, .foyer-frame-field textarea:focus-visible {
  outline: 3px solid var(--foyer-focus);
  outline-offset: 1px;
}
.foyer-frame-actions { display: flex; flex-wrap: wrap; gap: 8px; margin: 12px 0 0; }

/* Approval content */
.foyer-request { margin: 4px 0 12px; }
.foyer-request-label { margin: 0; color: var(--foyer-muted); font-size: 13px; }
.foyer-request-app { margin: 2px 0 0; font-size: 15px; overflow-wrap: anywhere; }
.foyer-request-origin { margin: 2px 0 0; font-size: 17px; font-weight: 700; overflow-wrap: anywhere; }

.foyer-rows { display: grid; grid-template-columns: max-content 1fr; gap: 6px 12px; margin: 0 0 12px; }
.foyer-rows dt { color: var(--foyer-muted); }
.foyer-rows dd { margin: 0; min-width: 0; overflow-wrap: anywhere; text-align: right; }

.foyer-section { margin: 12px 0 0; padding: 12px 0 0; border-top: 1px solid var(--foyer-border); }
.foyer-section-title { margin: 0 0 8px; font-size: 13px; font-weight: 650; color: var(--foyer-muted); text-transform: uppercase; letter-spacing: 0.04em; }

.foyer-warnings { list-style: none; margin: 0 0 12px; padding: 0; display: grid; gap: 8px; }
.foyer-warning { padding: 8px 12px; border: 1px solid; border-radius: 10px; }
.foyer-warning-caution { background: var(--foyer-caution-bg); color: var(--foyer-caution-fg); border-color: var(--foyer-caution-border); }
.foyer-warning-danger { background: var(--foyer-alert-bg); color: var(--foyer-alert-fg); border-color: var(--foyer-alert-border); font-weight: 600; }

.foyer-item { margin: 0 0 8px; padding: 10px 12px; border: 1px solid var(--foyer-border); border-radius: 12px; background: var(--foyer-surface); }
.foyer-item-title { margin: 0 0 6px; font-weight: 650; }
.foyer-item .foyer-rows { margin: 0; }

.foyer-mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 13px; overflow-wrap: anywhere; }
.foyer-address-name { display: block; font-weight: 600; }
.foyer-muted { color: var(--foyer-muted); }

.foyer-message {
  margin: 0;
  padding: 10px 12px;
  max-height: 240px;
  overflow: auto;
  border: 1px solid var(--foyer-border);
  border-radius: 10px;
  background: var(--foyer-surface);
  white-space: pre-wrap;
  overflow-wrap: anywhere;
}
.foyer-hex {
  margin: 6px 0 0;
  padding: 8px 10px;
  max-height: 160px;
  overflow: auto;
  border-radius: 8px;
  background: var(--foyer-bg);
  border: 1px solid var(--foyer-border);
  white-space: pre-wrap;
  word-break: break-all;
}
.foyer-details summary { cursor: pointer; color: var(--foyer-fg); text-decoration: underline; text-underline-offset: 2px; }
.foyer-details summary:focus-visible { outline: 3px solid var(--foyer-focus); outline-offset: 2px; border-radius: 4px; }

.foyer-tree { list-style: none; margin: 0; padding: 0; }
.foyer-tree .foyer-tree { margin: 4px 0 0 6px; padding-left: 10px; border-left: 2px solid var(--foyer-border); }
.foyer-tree li { margin: 0 0 4px; }
.foyer-tree-name { color: var(--foyer-muted); }
.foyer-tree-value { overflow-wrap: anywhere; }

.foyer-change-in { color: var(--foyer-positive); font-weight: 650; }
.foyer-change-out { color: var(--foyer-negative); font-weight: 650; }

@media (prefers-reduced-motion: no-preference) {
  .foyer-backdrop { animation: foyer-fade-in 140ms ease-out both; }
  .foyer-card { animation: foyer-card-in 160ms ease-out both; }
}
@keyframes foyer-fade-in { from { opacity: 0; } to { opacity: 1; } }
@keyframes foyer-card-in { from { opacity: 0; transform: translateY(8px); } to { opacity: 1; transform: none; } }

@media (max-width: 480px) {
  .foyer-overlay { padding: 8px; align-items: flex-end; }
  .foyer-card { border-radius: 16px 16px 12px 12px; }
}
@media (forced-colors: active) {
  .foyer-button, .foyer-card, .foyer-warning, .foyer-item { border: 1px solid CanvasText; }
  .foyer-button[aria-disabled="true"] { color: GrayText; }
}
`
