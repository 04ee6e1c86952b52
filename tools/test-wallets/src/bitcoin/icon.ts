// The Foyer door (see ../injected/icon.ts) on Bitcoin's orange. A base64 data URI, as the wallet
// standard requires and sats-connect's `btc_providers` accepts.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="#f7931a"/><path d="M28 78V42a20 20 0 0 1 40 0v36z" fill="#fff"/><path d="M36 78V44a12 12 0 0 1 24 0v34z" fill="#1b2250"/><circle cx="54" cy="60" r="3" fill="#ffd166"/></svg>`

export const BITCOIN_TEST_WALLET_ICON =
  `data:image/svg+xml;base64,${btoa(svg)}` as `data:image/svg+xml;base64,${string}`
