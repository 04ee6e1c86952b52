import { InvalidConnectionStatusError } from '../errors/connection.ts'
import { CONNECTION_STATUSES, type StoredConnectionStatus } from '../types/state.ts'

/** Throws 'Invalid connection status: {status}' for anything but connected, active, disconnected. */
export function assertConnectionStatus(status: unknown): asserts status is StoredConnectionStatus {
  if (!(CONNECTION_STATUSES as readonly unknown[]).includes(status))
    throw new InvalidConnectionStatusError({ status: String(status) })
}
