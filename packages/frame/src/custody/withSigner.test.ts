import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import fc from 'fast-check'
import { hashMessage, recoverMessageAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { ShareMismatchError } from '../errors.ts'
import { createWalletSecret } from './createWalletSecret.ts'
import { createSealingKeyPair, openSealedBox, sealToPublicKey } from './sealedBox.ts'
import { combineShares, splitSecret } from './splitSecret.ts'
import { withSigner } from './withSigner.ts'

describe('splitSecret, combineShares and withSigner', () => {
  it('rebuilds the same wallet from any two of the three shares', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 32, maxLength: 32 }), async (entropy) => {
        const { deviceShare, authShare, recoveryShare } = await splitSecret(entropy)
        for (const pair of [
          [deviceShare, authShare],
          [authShare, recoveryShare],
          [recoveryShare, deviceShare],
        ] as const)
          expect(await combineShares(pair)).toEqual(entropy)
      }),
      { numRuns: 20 },
    )
  })

  it('signs as the wallet address from any two of its shares', async () => {
    const secret = createWalletSecret()
    const shares = await splitSecret(secret.entropy)
    for (const pair of [
      [shares.deviceShare, shares.authShare],
      [shares.authShare, shares.recoveryShare],
      [shares.deviceShare, shares.recoveryShare],
    ] as const) {
      const signature = await withSigner(
        pair,
        ({ eip155 }) => eip155.signMessage({ message: 'hi' }),
        {
          expectedAddresses: secret.addresses,
        },
      )
      expect(await recoverMessageAddress({ message: 'hi', signature })).toBe(
        secret.addresses.eip155,
      )
    }
    const solanaSignature = await withSigner([shares.deviceShare, shares.authShare], ({ solana }) =>
      solana.signMessage(new TextEncoder().encode('hi')),
    )
    expect(
      ed25519.verify(
        solanaSignature,
        new TextEncoder().encode('hi'),
        base58.decode(secret.addresses.solana),
      ),
    ).toBe(true)
  })

  it('refuses an account kept past its operation', async () => {
    const secret = createWalletSecret()
    const shares = await splitSecret(secret.entropy)
    const leaked = await withSigner([shares.deviceShare, shares.authShare], (accounts) => accounts)
    expect(() => leaked.eip155.sign?.({ hash: hashMessage('late') })).toThrow(/after its operation/)
    expect(() => leaked.solana.signMessage(new Uint8Array(1))).toThrow(/after its operation/)
  })

  it('cannot sign with the auth share and an operator-sealed recovery share, without the operator key', async () => {
    const recoveryKey = createSealingKeyPair()
    const secret = createWalletSecret()
    const { authShare, recoveryShare } = await splitSecret(secret.entropy)
    // Everything the server stores: the auth share and the sealed recovery share.
    const sealed = await sealToPublicKey(recoveryShare, recoveryKey.publicKey)
    const { hexToBytes } = await import('viem')
    const sealedBytes = [sealed.ciphertext, sealed.ephemeralPublicKey, sealed.iv].map((hex) =>
      hexToBytes(hex as `0x${string}`),
    )
    // A single share is below the threshold.
    await expect(combineShares([authShare])).rejects.toThrow()
    // Any bytes of the sealed box used as the second share rebuild nothing (throws) or another key.
    for (const bytes of sealedBytes) {
      const candidate = bytes.slice(0, authShare.length)
      if (candidate.length < authShare.length) {
        await expect(combineShares([authShare, candidate])).rejects.toThrow()
        continue
      }
      await expect(
        withSigner([authShare, candidate], ({ eip155 }) => eip155.signMessage({ message: 'x' }), {
          expectedAddresses: secret.addresses,
        }),
      ).rejects.toThrow()
      const rebuilt = await combineShares([authShare, candidate]).catch(() => null)
      expect(rebuilt).not.toEqual(secret.entropy)
    }
    // A wrong recovery key does not open the box.
    await expect(openSealedBox(sealed, createSealingKeyPair().secretKey)).rejects.toThrow(
      'The sealed share could not be decrypted',
    )
    // Operator-recovery mode (opt-in): with the operator key holder's cooperation the wallet comes back.
    const opened = await openSealedBox(sealed, recoveryKey.secretKey)
    const address = await withSigner([authShare, opened], ({ eip155 }) => eip155.address, {
      expectedAddresses: secret.addresses,
    })
    expect(address).toBe(secret.addresses.eip155)
  })

  it('refuses shares that rebuild no wallet secret with the reason, signing nothing', async () => {
    const { deviceShare, authShare } = await splitSecret(new Uint8Array(17).fill(1))
    let called = false
    await expect(
      withSigner([deviceShare, authShare], () => {
        called = true
      }),
    ).rejects.toThrow(/entropy/i)
    expect(called).toBe(false)
  })

  it('refuses shares of another wallet before signing', async () => {
    const first = createWalletSecret()
    const second = createWalletSecret()
    const a = await splitSecret(first.entropy)
    const b = await splitSecret(second.entropy)
    await expect(
      withSigner([a.authShare, b.deviceShare], ({ eip155 }) => eip155.address, {
        expectedAddresses: first.addresses,
      }),
    ).rejects.toBeInstanceOf(ShareMismatchError)
  })

  it('refuses shares the Shamir library rejects as a mismatch too: another split with the same x-coordinate, or one share twice', async () => {
    const first = createWalletSecret()
    const a = await splitSecret(first.entropy)
    const b = await splitSecret(createWalletSecret().entropy)
    // A share's last byte is its x-coordinate, drawn at random: two splits collide about once in 255.
    const colliding = b.deviceShare.slice()
    colliding[colliding.length - 1] = a.authShare.at(-1) as number
    let called = false
    for (const shares of [
      [a.authShare, colliding],
      [a.authShare, a.authShare.slice()],
    ] as const) {
      const refused = await combineShares(shares).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(ShareMismatchError)
      // The library's own reason stays reachable for whoever debugs it.
      expect((refused as ShareMismatchError).cause).toMatchObject({ message: /duplicate/ })
      await expect(
        withSigner(
          shares,
          () => {
            called = true
          },
          { expectedAddresses: first.addresses },
        ),
      ).rejects.toBeInstanceOf(ShareMismatchError)
    }
    expect(called).toBe(false)
  })

  it('refuses when either address differs: the eip155 one alone, or the solana one alone', async () => {
    const secret = createWalletSecret()
    const other = createWalletSecret()
    const { deviceShare, authShare } = await splitSecret(secret.entropy)
    const sign = ({ eip155 }: { eip155: { address: string } }) => eip155.address
    for (const expectedAddresses of [
      { eip155: other.addresses.eip155, solana: secret.addresses.solana },
      { eip155: secret.addresses.eip155, solana: other.addresses.solana },
    ])
      await expect(
        withSigner([deviceShare, authShare], sign, { expectedAddresses }),
      ).rejects.toBeInstanceOf(ShareMismatchError)
    // Case does not matter for the eip155 address (checksummed or not).
    expect(
      await withSigner([deviceShare, authShare], sign, {
        expectedAddresses: { eip155: secret.addresses.eip155.toLowerCase() as `0x${string}` },
      }),
    ).toBe(secret.addresses.eip155)
  })
})
