export type SerialQueues = {
  /** Runs `task` once every task queued before under `key` has settled; resolves with its result. */
  run<result>(key: string, task: () => Promise<result>): Promise<result>
  /** Resolves once every task queued so far has settled. */
  idle(): Promise<void>
}

/**
 * One queue per key. The treasury sends from one account per chain: two sends at once would read
 * the same nonce (EVM) or race each other's balance, so deliveries on a network go one by one.
 */
export function createSerialQueues(): SerialQueues {
  const tails = new Map<string, Promise<void>>()
  return {
    run(key, task) {
      const result = (tails.get(key) ?? Promise.resolve()).then(task)
      const tail = result.then(
        () => undefined,
        () => undefined,
      )
      tails.set(key, tail)
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key)
      })
      return result
    },
    async idle() {
      while (tails.size > 0) await Promise.all(tails.values())
    },
  }
}
