import pg from 'pg'

/** What a notification channel tells its listener (see `FoyerDatabase.listen`). */
export type ListenParameters = {
  /** A lower-case SQL identifier: the channel `NOTIFY` / `pg_notify` writes to. */
  channel: string
  /** Each notification's payload, in the order the database committed them. */
  onNotification: (payload: string) => void
  /**
   * `true` once notifications arrive; `false` when some may be missed from then on (the
   * listening connection dropped). It is opened again, and `true` follows once it listens.
   */
  onListening: (listening: boolean) => void
  /** Why a listening connection dropped or could not be opened: for logs. */
  onError?: ((error: Error) => void) | undefined
}

export type ListenPostgresParameters = ListenParameters & {
  connectionString: string
  /** Wait before opening a dropped connection again. Default 1 s. */
  retryMs?: number | undefined
}

/** Stops listening and closes the connection. */
export type StopListening = () => Promise<void>

/**
 * Listens on one PostgreSQL channel over a connection of its own (a pooled one would be handed
 * to queries, and its `LISTEN` would end with it). A dropped connection (server restart,
 * failover, `pg_terminate_backend`) is reported and opened again until stopped; TCP keep-alive
 * notices a peer that went away without closing.
 */
export function listenPostgres(parameters: ListenPostgresParameters): StopListening {
  const {
    connectionString,
    channel,
    onNotification,
    onListening,
    onError,
    retryMs = 1_000,
  } = parameters
  assertChannelName(channel)
  let stopped = false
  let current: pg.Client | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  let listening = false

  function setListening(value: boolean) {
    if (listening === value) return
    listening = value
    onListening(value)
  }

  function open() {
    retry = undefined
    if (stopped) return
    const client = new pg.Client({ connectionString, keepAlive: true })
    current = client
    const lost = (error?: Error) => {
      if (current !== client) return
      current = undefined
      setListening(false)
      if (error) onError?.(error)
      client.end().catch(() => undefined)
      if (!stopped) retry = setTimeout(open, retryMs)
    }
    client.on('error', lost)
    client.on('end', () => lost(new Error('listening connection closed')))
    client.on('notification', (message) => {
      if (current === client && message.channel === channel) onNotification(message.payload ?? '')
    })
    client
      .connect()
      .then(() => client.query(`LISTEN ${channel}`))
      .then(() => {
        if (current === client) setListening(true)
      })
      .catch((error: unknown) => lost(error instanceof Error ? error : new Error(String(error))))
  }

  open()
  return async () => {
    stopped = true
    if (retry !== undefined) clearTimeout(retry)
    const client = current
    current = undefined
    setListening(false)
    await client?.end().catch(() => undefined)
  }
}

/** Channel names go into SQL as they are: only plain identifiers are taken. */
export function assertChannelName(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel))
    throw new TypeError(`Not a plain channel name: ${JSON.stringify(channel)}`)
}
