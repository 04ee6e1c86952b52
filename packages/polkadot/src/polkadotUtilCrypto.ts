// The `@polkadot/util-crypto` functions the adapter uses, by name, so a bundler keeps only them
// and what they need (see ./polkadotUtil.ts).
export {
  cryptoWaitReady,
  decodeAddress,
  encodeAddress,
  signatureVerify,
} from '@polkadot/util-crypto'
