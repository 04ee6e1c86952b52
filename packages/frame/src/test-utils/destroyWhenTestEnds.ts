import { onTestFinished } from 'vitest'

/**
 * Destroys a frame host when the test that made it ends. Test files share their worker's process
 * (vitest.config.ts): a host left signed in keeps polling into the files after it, where a test
 * with fake timers would find that poll's timers among its own.
 */
export function destroyWhenTestEnds<host extends { destroy: () => void }>(host: host): host {
  onTestFinished(() => host.destroy())
  return host
}
