/**
 * viem, loaded when a wallet is first used (connect, sign, balance) rather than at page load:
 * a page with only a connect button must not pay for it. The bundler caches the module.
 */
export const loadViem = () => import('viem')
