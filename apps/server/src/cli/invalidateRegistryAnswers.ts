import { Redis } from 'ioredis'
import { createRedisCache } from '../cache/createCache.ts'
import { createResponseCache } from '../cache/createResponseCache.ts'

export type InvalidateRegistryAnswersParameters = { redisUrl: string | undefined }

/**
 * After `registry import`: drops the wallet lists and images the running servers keep in Redis,
 * so every process answers the new registry within a second. Without Redis each server keeps its
 * answers in memory, for at most a minute (lists) or an hour (images), or until it restarts.
 */
export async function invalidateRegistryAnswers({
  redisUrl,
}: InvalidateRegistryAnswersParameters): Promise<void> {
  if (!redisUrl) return
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true })
  try {
    await redis.connect()
    await createResponseCache({ cache: createRedisCache({ redis }) }).invalidateRegistry()
  } finally {
    await redis.quit().catch(() => redis.disconnect())
  }
}
