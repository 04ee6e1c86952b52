// The polkadot-js libraries are large (the API with its type registry, wasm crypto): the adapter
// loads them on first use, so a page showing only a connect button does not pay for them. Each
// module is imported once per page.

let api: Promise<typeof import('@polkadot/api')> | undefined
let util: Promise<typeof import('./polkadotUtil.ts')> | undefined
let utilCrypto: Promise<typeof import('./polkadotUtilCrypto.ts')> | undefined

/** `@polkadot/api` (ApiPromise, WsProvider). */
export const loadApiModule = () => {
  api ??= import('@polkadot/api')
  return api
}

/** `@polkadot/util` (hex and byte helpers). */
export const loadUtil = () => {
  util ??= import('./polkadotUtil.ts')
  return util
}

/**
 * `@polkadot/util-crypto` with its wasm crypto ready: sr25519 verification needs it, and bundlers
 * (Vite) load the wasm asynchronously in the browser.
 */
export const loadUtilCrypto = () => {
  utilCrypto ??= import('./polkadotUtilCrypto.ts').then(async (module) => {
    await module.cryptoWaitReady()
    return module
  })
  return utilCrypto
}
