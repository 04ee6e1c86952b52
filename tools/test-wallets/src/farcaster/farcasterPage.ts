// The page a person opens from a Sign In With Farcaster QR code in the local world: the mobile
// test wallet serves it on `/farcaster` (the relay's `signInUrlBase`). Server-rendered HTML with a
// plain form, so it works without scripts; every value from the link or an error is escaped.
import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  approveFarcasterSignIn,
  type FarcasterSignInRequest,
  type FarcasterTestAccount,
  readFarcasterSignInUrl,
} from './approveFarcasterSignIn.ts'
import { BaseError, FarcasterRelayRequestError } from './errors.ts'

export type FarcasterPageOptions = {
  /** The relay and its key; without them the page explains how to enable approving. */
  relay?: { relayUrl: string; relayKey: string } | undefined
  /** `devnet.farcaster.accounts`; empty when the devnet file has none. */
  accounts: readonly FarcasterTestAccount[]
  /** A devnet chain's RPC for the Farcaster client. */
  rpcUrl: string
  /** Stands in for `approveFarcasterSignIn` (tests). */
  approve?: typeof approveFarcasterSignIn | undefined
}

/** Handles a request if it is for the page; returns false to let the caller serve it. */
export type FarcasterPageHandler = (request: IncomingMessage, response: ServerResponse) => boolean

export const farcasterPagePath = '/farcaster'
export const farcasterApprovePath = '/farcaster/approve'
export const farcasterPageTitle = 'Sign in with Farcaster — local client stand-in'

const maxFormBytes = 16 * 1024

export function createFarcasterPageHandler(options: FarcasterPageOptions): FarcasterPageHandler {
  const approve = options.approve ?? approveFarcasterSignIn
  return (request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? '127.0.0.1'}`)
    const path = url.pathname.replace(/\/+$/, '')
    if (path !== farcasterPagePath && path !== farcasterApprovePath) return false

    if (path === farcasterPagePath) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        sendHtml(response, 405, errorPage('This page only answers GET.'), { allow: 'GET, HEAD' })
        return true
      }
      const page = renderSignInRequest(url.toString(), options)
      sendHtml(response, page.status, page.html)
      return true
    }

    if (request.method !== 'POST') {
      sendHtml(response, 405, errorPage('Approving takes a form POST.'), { allow: 'POST' })
      return true
    }
    // A form posted from another site must not sign anyone in.
    const origin = request.headers.origin
    if (origin !== undefined && origin !== url.origin) {
      sendHtml(response, 403, errorPage('Approvals are only accepted from this page.'))
      return true
    }
    readForm(request)
      .then(async (form) => {
        const signInUrl = form.get('url') ?? ''
        const fid = Number(form.get('fid'))
        const useAuthAddress = form.get('signer') === 'authAddress'
        const account = options.accounts.find((candidate) => candidate.fid === fid)
        if (!options.relay) {
          sendHtml(response, 503, errorPage(relayMissingMessage))
          return
        }
        if (!account) {
          sendHtml(response, 400, errorPage(`The devnet has no Farcaster account with fid ${fid}.`))
          return
        }
        let signInRequest: FarcasterSignInRequest
        try {
          signInRequest = readFarcasterSignInUrl(signInUrl)
          await approve({
            url: signInUrl,
            relayUrl: options.relay.relayUrl,
            relayKey: options.relay.relayKey,
            account,
            rpcUrl: options.rpcUrl,
            useAuthAddress,
          })
        } catch (error) {
          const reason = error instanceof BaseError ? error.shortMessage : String(error)
          const status = error instanceof FarcasterRelayRequestError ? 502 : 400
          sendHtml(response, status, errorPage(`The sign-in failed. ${reason}`))
          return
        }
        sendHtml(response, 200, signedInPage(signInRequest, account, useAuthAddress))
      })
      .catch((error: unknown) => {
        if (response.headersSent) return
        sendHtml(response, 400, errorPage(error instanceof Error ? error.message : String(error)))
      })
    return true
  }
}

const relayMissingMessage =
  'This wallet was started without a Farcaster relay: pass --farcaster-relay-url and --farcaster-relay-key (or the farcaster option of startMobileWallet) to approve sign-ins.'

function renderSignInRequest(
  pageUrl: string,
  options: FarcasterPageOptions,
): { status: number; html: string } {
  let request: FarcasterSignInRequest
  try {
    request = readFarcasterSignInUrl(pageUrl)
  } catch (error) {
    const reason = error instanceof BaseError ? error.shortMessage : String(error)
    return {
      status: 400,
      html: errorPage(`${reason} Open the link from the app's Sign in with Farcaster QR code.`),
    }
  }
  const notes: string[] = []
  if (!options.relay) notes.push(relayMissingMessage)
  if (options.accounts.length === 0) {
    notes.push(
      'The devnet file has no Farcaster accounts: restart the local world so tools/devnet writes them.',
    )
  }
  const canApprove = notes.length === 0
  const hasAuthAddress = options.accounts.some((account) => account.authPrivateKey)
  const details: [string, string | undefined][] = [
    ['Sign-in URI', request.siweUri],
    ['Nonce', request.nonce],
    ['Not before', request.notBefore],
    ['Expires', request.expirationTime],
    ['Request id', request.requestId],
  ]
  const body = `
    <h1>Sign in with Farcaster <span class="subtitle">— local client stand-in</span></h1>
    <p class="warning">Development only: these Farcaster accounts use public test keys.</p>
    <p class="lead"><strong>${escapeHtml(request.domain)}</strong> asks you to sign in with your Farcaster account.</p>
    <dl>
      ${details
        .filter(([, value]) => value !== undefined)
        .map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value!)}</dd>`)
        .join('\n      ')}
    </dl>
    ${notes.map((note) => `<p class="error" role="alert">${escapeHtml(note)}</p>`).join('\n')}
    <form method="post" action="${farcasterApprovePath}">
      <input type="hidden" name="url" value="${escapeHtml(pageUrl)}">
      <label for="farcaster-account">Farcaster account</label>
      <select id="farcaster-account" name="fid"${canApprove ? '' : ' disabled'}>
        ${options.accounts
          .map(
            (account) =>
              `<option value="${account.fid}">${escapeHtml(
                `${account.displayName} (@${account.username}, fid ${account.fid})`,
              )}</option>`,
          )
          .join('\n        ')}
      </select>
      ${
        hasAuthAddress
          ? `<fieldset>
        <legend>Sign with</legend>
        <label><input type="radio" name="signer" value="custody" checked> Custody key</label>
        <label><input type="radio" name="signer" value="authAddress"> Auth address (if the account has one)</label>
      </fieldset>`
          : ''
      }
      <button type="submit"${canApprove ? '' : ' disabled'}>Approve</button>
    </form>`
  return { status: 200, html: layout(farcasterPageTitle, body) }
}

function signedInPage(
  request: FarcasterSignInRequest,
  account: FarcasterTestAccount,
  useAuthAddress: boolean,
): string {
  const redirect =
    request.redirectUrl && /^https?:\/\//i.test(request.redirectUrl)
      ? request.redirectUrl
      : undefined
  const body = `
    <h1>Signed in — return to the app</h1>
    <p role="status">Signed in to <strong>${escapeHtml(request.domain)}</strong> as ${escapeHtml(
      `${account.displayName} (@${account.username}, fid ${account.fid})`,
    )} with the ${useAuthAddress ? 'auth address' : 'custody key'}.</p>
    ${
      redirect
        ? `<p><a href="${escapeHtml(redirect)}">Return to ${escapeHtml(request.domain)}</a></p>`
        : '<p>You can close this page.</p>'
    }`
  return layout(`Signed in — ${farcasterPageTitle}`, body)
}

function errorPage(message: string): string {
  return layout(
    `Sign-in failed — ${farcasterPageTitle}`,
    `
    <h1>Sign in with Farcaster <span class="subtitle">— local client stand-in</span></h1>
    <p class="error" role="alert">${escapeHtml(message)}</p>`,
  )
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)}</title>
    <link rel="icon" href="data:,">
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f5fb; color: #1c1b22; }
      main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; }
      h1 { font-size: 1.4rem; margin-top: 0; }
      .subtitle { display: block; font-size: 1rem; font-weight: normal; color: #4a4658; }
      .warning { background: #fff4d6; padding: 0.5rem 0.75rem; border-radius: 8px; }
      .error { background: #fde8e8; color: #8a1c1c; padding: 0.5rem 0.75rem; border-radius: 8px; }
      dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
      dt { font-weight: 600; }
      dd { margin: 0; overflow-wrap: anywhere; }
      label, select, fieldset, button { display: block; margin-top: 0.75rem; }
      fieldset label { display: flex; gap: 0.5rem; margin-top: 0.25rem; }
      select, button { font: inherit; padding: 0.5rem; width: 100%; }
      button { background: #6d28d9; color: #fff; border: 0; border-radius: 8px; cursor: pointer; }
      button:disabled { background: #8f8a9e; cursor: not-allowed; }
      :focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main>${body}
    </main>
  </body>
</html>
`
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

function sendHtml(
  response: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    ...headers,
  })
  response.end(response.req.method === 'HEAD' ? undefined : html)
}

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const type = request.headers['content-type'] ?? ''
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
      request.resume()
      reject(new Error('The form must be sent as application/x-www-form-urlencoded.'))
      return
    }
    let size = 0
    const chunks: Buffer[] = []
    let failed = false
    request.on('data', (chunk: Buffer) => {
      if (failed) return
      size += chunk.length
      if (size > maxFormBytes) {
        failed = true
        reject(new Error(`The form must be at most ${maxFormBytes} bytes.`))
      } else {
        chunks.push(chunk)
      }
    })
    request.once('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))))
    request.once('error', reject)
  })
}
