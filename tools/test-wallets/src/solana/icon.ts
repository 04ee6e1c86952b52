// The Foyer door (see ../injected/icon.ts) on Solana's gradient. Wallet-standard requires a base64
// data URI.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#9945ff"/><stop offset="1" stop-color="#14f195"/></linearGradient></defs><rect width="96" height="96" rx="22" fill="url(#g)"/><path d="M28 78V42a20 20 0 0 1 40 0v36z" fill="#fff"/><path d="M36 78V44a12 12 0 0 1 24 0v34z" fill="#1b2250"/><circle cx="54" cy="60" r="3" fill="#ffd166"/></svg>`

export const SOLANA_TEST_WALLET_ICON =
  `data:image/svg+xml;base64,${btoa(svg)}` as `data:image/svg+xml;base64,${string}`
