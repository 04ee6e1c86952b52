// A split point: core's balance action (with its cache, toast and formatting) is fetched the first
// time a balance is read, so a page whose visitor is not connected carries none of it.
export { getBalance } from '@foyer/core'
