// The `@polkadot/util` helpers the adapter uses, by name: a bundler keeps only them. Imported
// whole (`import('@polkadot/util')`), the package kept every export, among them `hasCjs`, whose
// `typeof require` made the bundler ship its `require` shim in the runtime every page loads.
export { u8aToHex, u8aWrapBytes } from '@polkadot/util'
