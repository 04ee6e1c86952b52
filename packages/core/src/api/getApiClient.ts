import { showAlert } from '../actions/showAlert.ts'
import type { Foyer } from '../createFoyer.ts'
import { type ApiClient, createApiClient } from './createApiClient.ts'

// One client per Foyer instance, made on first use (keyed weakly: instances never share it).
const clients = new WeakMap<Foyer, ApiClient>()

/**
 * The instance's API client, built on first use from `config.serverUrl` and `config.projectId`,
 * with failures shown as the instance's alerts (SPEC §8).
 */
export function getApiClient(foyer: Foyer): ApiClient {
  let client = clients.get(foyer)
  if (!client) {
    client = createApiClient({
      serverUrl: foyer.config.serverUrl,
      projectId: foyer.config.projectId,
      onAlert: (code) => showAlert(foyer, { code }),
    })
    clients.set(foyer, client)
  }
  return client
}

/** True when the config names a Foyer server (the dialog then uses it for registry and data). */
export function hasServer(foyer: Foyer): boolean {
  return Boolean(foyer.config.serverUrl)
}
