import { type CryptoKey, errors, jwtVerify } from 'jose'

/** Apple's limit on a client secret's lifetime: 15 777 000 s, six months. */
export const appleClientSecretMaxLifetimeSeconds = 15_777_000

export type VerifyAppleClientSecretParameters = {
  clientSecret: string
  publicKey: CryptoKey
  keyId: string
  teamId: string
  clientId: string
  /** `https://appleid.apple.com` at Apple; the stand-in's apple issuer here. */
  audience: string
  /** Seconds since the epoch. Default now. */
  now?: number
}

/**
 * Checks a Sign in with Apple client secret: an ES256 JWT signed by the app's key (`kid`), from the
 * team (`iss`) for the client (`sub`), for Apple (`aud`), with `iat` and an `exp` at most six months
 * later. Returns why it is refused, or undefined when it is good.
 */
export async function verifyAppleClientSecret(
  parameters: VerifyAppleClientSecretParameters,
): Promise<string | undefined> {
  const now = parameters.now ?? Math.floor(Date.now() / 1000)
  try {
    const { payload, protectedHeader } = await jwtVerify(
      parameters.clientSecret,
      parameters.publicKey,
      {
        algorithms: ['ES256'],
        issuer: parameters.teamId,
        subject: parameters.clientId,
        audience: parameters.audience,
        requiredClaims: ['iat', 'exp'],
        currentDate: new Date(now * 1000),
        clockTolerance: 60,
      },
    )
    if (protectedHeader.kid !== parameters.keyId) return 'kid is not the key id'
    const { iat, exp } = payload as { iat: number; exp: number }
    if (iat > now + 60) return 'iat is in the future'
    if (exp - iat > appleClientSecretMaxLifetimeSeconds)
      return 'exp is more than six months after iat'
    return undefined
  } catch (error) {
    if (error instanceof errors.JOSEError) return error.message
    throw error
  }
}
