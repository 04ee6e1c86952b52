import { createHash } from 'node:crypto'

/** Coinbase takes a `partnerUserId` of at most 49 characters. */
export const providerUserRefMaxLength = 49

/**
 * The visitor's id as the on-ramp provider sees it: base64url(SHA-256(projectId NUL
 * partnerUserId)), 43 characters. The provider never sees the app's raw id (often an email or
 * an account number), and two projects naming a visitor alike never share their purchases;
 * the same project and id always give the same ref, so its transactions can be listed later.
 */
export function providerUserRef(projectId: string, partnerUserId: string): string {
  return createHash('sha256')
    .update(`${projectId}\0${partnerUserId}`, 'utf8')
    .digest('base64url')
    .slice(0, providerUserRefMaxLength)
}
