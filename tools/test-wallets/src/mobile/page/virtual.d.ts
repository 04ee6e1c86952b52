declare module 'virtual:foyer-mobile-wallet' {
  const config: import('./types.ts').MobileWalletConfig
  export default config
}
