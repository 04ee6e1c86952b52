// Its own module so that the analytics code is a chunk loaded after the dialog, not part of it.
export { startAnalytics } from '@foyer/core'
