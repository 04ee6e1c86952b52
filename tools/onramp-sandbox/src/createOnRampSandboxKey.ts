import { generateKeyPairSync } from 'node:crypto'

export type CreateOnRampSandboxKeyReturnType = {
  /** The key's name: the JWT's `kid` and `sub` (a CDP key's `organizations/…/apiKeys/…`). */
  name: string
  /** PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`): what the Foyer server signs its JWTs with. */
  privateKeyPem: string
  /** SPKI PEM: what `createOnRampSandbox({ apiKey })` verifies them with. */
  publicKeyPem: string
}

/**
 * A fresh EC P-256 (ES256) API key, the kind of secret API key the Coinbase Developer Platform
 * issues. PKCS#8 rather than CDP's SEC1 (`BEGIN EC PRIVATE KEY`) download: node:crypto, jose's
 * `importPKCS8` and Coinbase's SDK all read PKCS#8, while jose refuses SEC1.
 */
export function createOnRampSandboxKey(
  name = 'foyer-onramp-sandbox',
): CreateOnRampSandboxKeyReturnType {
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  })
  return { name, privateKeyPem: privateKey, publicKeyPem: publicKey }
}
