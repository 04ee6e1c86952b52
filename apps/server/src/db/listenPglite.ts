import type { PGlite } from '@electric-sql/pglite'
import type { Kysely } from 'kysely'
import { assertChannelName, type ListenParameters, type StopListening } from './listenPostgres.ts'
import type { Database } from './schema.ts'

export type ListenPgliteParameters = ListenParameters & {
  client: PGlite
  /** The Kysely instance over `client`: `LISTEN` waits for its connection like any query. */
  db: Kysely<Database>
}

/**
 * Listens on a channel of the embedded database. Its one connection is the queries' own, so
 * `LISTEN` is sent while holding it: sent in the middle of another caller's transaction, a
 * rollback would undo it. The connection cannot drop, so listening never stops by itself.
 */
export function listenPglite(parameters: ListenPgliteParameters): StopListening {
  const { client, db, channel, onNotification, onListening, onError } = parameters
  assertChannelName(channel)
  let stopped = false
  const started = db
    .connection()
    .execute(() => client.listen(channel, onNotification))
    .then(
      (unlisten) => {
        if (!stopped) onListening(true)
        return unlisten
      },
      (error: unknown) => {
        onError?.(error instanceof Error ? error : new Error(String(error)))
        return undefined
      },
    )
  return async () => {
    stopped = true
    const unlisten = await started
    if (!unlisten || client.closed) return
    onListening(false)
    await db
      .connection()
      .execute(() => unlisten())
      .catch(() => undefined)
  }
}
