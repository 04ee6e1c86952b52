/** Rejects with `Timed out` when `promise` takes longer than `ms` (a slow node must not stall the card). */
export function withTimeout<result>(promise: Promise<result>, ms: number): Promise<result> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
