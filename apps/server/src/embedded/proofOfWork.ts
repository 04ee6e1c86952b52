import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { EmbeddedApiError } from './errors.ts'

/**
 * Email login starts from one client network (IP) beyond `afterStarts` within `windowMs` must
 * carry a hashcash-style proof: SHA-256 of `challenge:nonce` starting with `difficultyBits` zero
 * bits. The frame solves it with WebCrypto (16 bits: about 65 000 hashes, 0.3–0.5 s here).
 */
export type LoginProofOfWorkOptions = {
  /** Free starts per IP within `windowMs` (0 = no proof ever asked). */
  afterStarts: number
  windowMs: number
  difficultyBits: number
  /** How long a handed-out challenge can be solved and used (once). */
  challengeLifetimeMs: number
}

export const defaultLoginProofOfWork: LoginProofOfWorkOptions = {
  afterStarts: 3,
  windowMs: 10 * 60_000,
  difficultyBits: 16,
  challengeLifetimeMs: 5 * 60_000,
}

export type ProofOfWorkChallenge = { challenge: string; difficulty: number }
export type ProofOfWorkSolution = { challenge: string; nonce: string }

export type LoginProofOfWork = {
  /**
   * Counts an email login start from `ip`. Beyond the free starts, refuses (429 `proof_required`,
   * with a new challenge) a start without a valid, unused proof of a challenge handed to that IP.
   */
  admit: (ip: string, proof: ProofOfWorkSolution | undefined) => Promise<void>
}

export type CreateLoginProofOfWorkParameters = {
  db: Kysely<Database>
  /** Keys the challenges' MACs and the IP digests. */
  key: Uint8Array
  options?: Partial<LoginProofOfWorkOptions> | undefined
  now?: (() => number) | undefined
}

/** Leading zero bits of a digest. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8
      continue
    }
    return bits + Math.clz32(byte) - 24
  }
  return bits
}

/** Whether `nonce` solves `challenge` at `difficulty` bits. */
export function isSolution(challenge: string, nonce: string, difficulty: number): boolean {
  const digest = createHash('sha256').update(`${challenge}:${nonce}`).digest()
  return leadingZeroBits(digest) >= difficulty
}

export class ProofRequiredError extends EmbeddedApiError {
  override name = 'ProofRequiredError'
  readonly proofOfWork: ProofOfWorkChallenge
  constructor(proofOfWork: ProofOfWorkChallenge, message: string) {
    super(429, 'proof_required', message)
    this.proofOfWork = proofOfWork
  }
}

export function createLoginProofOfWork(
  parameters: CreateLoginProofOfWorkParameters,
): LoginProofOfWork {
  const { db, key } = parameters
  const options = { ...defaultLoginProofOfWork, ...parameters.options }
  const now = parameters.now ?? Date.now
  const mac = (text: string) =>
    createHmac('sha256', key).update(`login-pow\0${text}`).digest('base64url')
  const ipDigest = (ip: string) => mac(`ip\0${ip}`)

  /** `expiresAt.difficulty.random.mac`: stateless until spent, bound to the client's network. */
  const newChallenge = (ipHash: string, at: number): ProofOfWorkChallenge => {
    const expiresAt = at + options.challengeLifetimeMs
    const random = randomBytes(16).toString('base64url')
    const body = `${expiresAt}.${options.difficultyBits}.${random}`
    return {
      challenge: `${body}.${mac(`challenge\0${ipHash}\0${body}`)}`,
      difficulty: options.difficultyBits,
    }
  }
  const refuse = (ipHash: string, at: number, message: string) =>
    new ProofRequiredError(newChallenge(ipHash, at), message)

  const verify = async (proof: ProofOfWorkSolution, ipHash: string, at: number) => {
    const parts = proof.challenge.split('.')
    if (parts.length !== 4) return false
    const [expires, difficulty, random, tag] = parts as [string, string, string, string]
    const expected = Buffer.from(mac(`challenge\0${ipHash}\0${expires}.${difficulty}.${random}`))
    const given = Buffer.from(tag)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false
    const expiresAt = Number(expires)
    if (!Number.isSafeInteger(expiresAt) || expiresAt <= at) return false
    if (Number(difficulty) < options.difficultyBits) return false
    if (!isSolution(proof.challenge, proof.nonce, Number(difficulty))) return false
    // Single use, also across processes.
    const spent = await db
      .insertInto('embedded_spent_proofs')
      .values({
        challenge_hash: createHash('sha256').update(proof.challenge).digest('hex'),
        expires_at: new Date(expiresAt),
      })
      .onConflict((c) => c.column('challenge_hash').doNothing())
      .returning('challenge_hash')
      .executeTakeFirst()
    return spent !== undefined
  }

  return {
    async admit(ip, proof) {
      if (options.afterStarts <= 0) return
      const at = now()
      const ipHash = ipDigest(ip)
      const { count } = await db
        .selectFrom('embedded_login_starts')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .where('ip_hash', '=', ipHash)
        .where('started_at', '>', new Date(at - options.windowMs))
        .executeTakeFirstOrThrow()
      if (Number(count) >= options.afterStarts) {
        if (!proof)
          throw refuse(
            ipHash,
            at,
            'Many logins were started from your network: solve the challenge and try again',
          )
        if (!(await verify(proof, ipHash, at)))
          throw refuse(ipHash, at, 'The challenge was not solved or has expired: try again')
      }
      await db
        .insertInto('embedded_login_starts')
        .values({ ip_hash: ipHash, started_at: new Date(at) })
        .execute()
    },
  }
}
