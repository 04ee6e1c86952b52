// The Foyer door (see ../injected/icon.ts) on a Cosmos-like night sky.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="#2e3148"/><circle cx="20" cy="22" r="2" fill="#b7b9ff"/><circle cx="76" cy="18" r="1.5" fill="#b7b9ff"/><path d="M28 78V42a20 20 0 0 1 40 0v36z" fill="#fff"/><path d="M36 78V44a12 12 0 0 1 24 0v34z" fill="#6f7bf7"/><circle cx="54" cy="60" r="3" fill="#ffd166"/></svg>`

export const COSMOS_TEST_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(svg)}` as const
