import { type StdSignDoc, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64, toBase64, toUtf8 } from '@cosmjs/encoding'
import { GasPrice, SigningStargateClient, StargateClient } from '@cosmjs/stargate'
import { anvilMnemonic } from '@foyer/devnet'
import { type StartCosmosDevnetReturnType, startCosmosDevnet } from '@foyer/devnet/cosmos'
import { makeADR36AminoSignDoc, verifyADR36Amino } from '@keplr-wallet/cosmos'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CosmosTestWalletChain,
  type CreateCosmosTestWalletParameters,
  createCosmosTestWallet,
} from './createCosmosTestWallet.ts'
import { injectCosmosTestWallet } from './injectCosmosTestWallet.ts'

let world: StartCosmosDevnetReturnType
let local: CosmosTestWalletChain

beforeAll(async () => {
  world = await startCosmosDevnet({ port: 0 })
  local = {
    chainId: world.devnet.chainId,
    bech32Prefix: world.devnet.bech32Prefix,
    rpcUrl: world.devnet.rpcUrl,
  }
})

afterAll(async () => {
  await world?.stop()
})

const devWallet = (index: number, parameters: Partial<CreateCosmosTestWalletParameters> = {}) =>
  createCosmosTestWallet({
    privateKeyHex: world.devnet.accounts[index]!.privateKey,
    chains: [local],
    ...parameters,
  })

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

/** ADR-36 verification written out here, independently of the wallet. */
function verifyAdr36(
  signer: string,
  data: string,
  signature: { pub_key: { value: string }; signature: string },
) {
  const doc: StdSignDoc = {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] },
    memo: '',
    msgs: [{ type: 'sign/MsgSignData', value: { signer, data: toBase64(toUtf8(data)) } }],
  }
  return Secp256k1.verifySignature(
    Secp256k1Signature.fromFixedLength(fromBase64(signature.signature)),
    sha256(serializeSignDoc(doc)),
    fromBase64(signature.pub_key.value),
  )
}

describe('Cosmos test wallet', () => {
  it("holds the key of the dev account whose mnemonic index it was given, on m/44'/118'/0'/0/i", async () => {
    const wallet = await createCosmosTestWallet({
      mnemonic: anvilMnemonic,
      index: 3,
      chains: [local],
    })
    const key = await wallet.getKey(local.chainId)
    expect(key.bech32Address).toBe(world.devnet.accounts[3]!.address)
    expect(toBase64(key.pubKey)).toBe(world.devnet.accounts[3]!.publicKey)
    expect(key.address).toHaveLength(20)
    expect(wallet.name).toBe('Foyer Test Wallet')
    expect(wallet.mode).toBe('extension')
  })

  it('knows only the chains it was given until one is suggested, as Keplr does', async () => {
    const wallet = await devWallet(0, { chains: [] })
    await expect(wallet.enable(local.chainId)).rejects.toThrow(
      `There is no chain info for ${local.chainId}`,
    )
    await wallet.experimentalSuggestChain({
      chainId: local.chainId,
      chainName: 'Foyer Local',
      rpc: local.rpcUrl,
      bech32Config: { bech32PrefixAccAddr: 'cosmos' },
    })
    await wallet.enable(local.chainId)
    expect(wallet.prompts).toEqual([`suggestChain:${local.chainId}`, `enable:${local.chainId}`])
    // Suggesting a chain the wallet knows changes nothing and prompts nobody.
    await wallet.experimentalSuggestChain({ chainId: local.chainId })
    expect(wallet.prompts).toHaveLength(2)
  })

  it('asks for permission before handing out the key, and refuses like Keplr (no code)', async () => {
    const wallet = await devWallet(0, { behaviour: { connect: 'reject' } })
    const refusal = await wallet.getKey(local.chainId).catch((error: unknown) => error)
    expect(refusal).toMatchObject({ message: 'Request rejected' })
    expect((refusal as { code?: unknown }).code).toBeUndefined()
    expect(wallet.enabledChains).toEqual([])
    wallet.setBehaviour({ connect: 'approve' })
    await wallet.getKey(local.chainId)
    await wallet.getKey(local.chainId)
    expect(wallet.prompts).toEqual([`enable:${local.chainId}`, `enable:${local.chainId}`])
    expect(wallet.enabledChains).toEqual([local.chainId])
  })

  it("remembers the site's permission and the suggested chains across page loads", async () => {
    const storage = memoryStorage()
    const first = await devWallet(0, { chains: [], storage })
    await first.experimentalSuggestChain({
      chainId: 'foyer-other-1',
      bech32Config: { bech32PrefixAccAddr: 'foy' },
    })
    await first.enable('foyer-other-1')
    const reloaded = await devWallet(0, { chains: [], storage })
    expect(reloaded.knowsChain('foyer-other-1')).toBe(true)
    expect(reloaded.enabledChains).toEqual(['foyer-other-1'])
    expect((await reloaded.getKey('foyer-other-1')).bech32Address).toMatch(/^foy1/)
    expect(reloaded.prompts).toEqual([])
    await reloaded.disable()
    expect((await devWallet(0, { chains: [], storage })).enabledChains).toEqual([])
  })

  it('signs transactions through its offline signer that the chain accepts', async () => {
    const wallet = await devWallet(1)
    const [sender, receiver] = [world.devnet.accounts[1]!, world.devnet.accounts[2]!]
    const client = await SigningStargateClient.connectWithSigner(
      world.devnet.rpcUrl,
      await wallet.getOfflineSignerAuto(local.chainId),
      { gasPrice: GasPrice.fromString('0.025ufoy'), broadcastPollIntervalMs: 100 },
    )
    const before = await client.getBalance(receiver.address, 'ufoy')
    const result = await client.sendTokens(
      sender.address,
      receiver.address,
      [{ denom: 'ufoy', amount: '2500' }],
      'auto',
    )
    expect(result.code).toBe(0)
    expect(BigInt((await client.getBalance(receiver.address, 'ufoy')).amount)).toBe(
      BigInt(before.amount) + 2500n,
    )
    client.disconnect()
  })

  it('refuses to sign when set to reject, so nothing reaches the chain', async () => {
    const wallet = await devWallet(4, { behaviour: { signing: 'reject' } })
    const [sender, receiver] = [world.devnet.accounts[4]!, world.devnet.accounts[5]!]
    const client = await SigningStargateClient.connectWithSigner(
      world.devnet.rpcUrl,
      wallet.getOfflineSigner(local.chainId),
      { gasPrice: GasPrice.fromString('0.025ufoy'), broadcastPollIntervalMs: 100 },
    )
    await expect(
      client.sendTokens(sender.address, receiver.address, [{ denom: 'ufoy', amount: '1' }], 'auto'),
    ).rejects.toThrow('Request rejected')
    const reader = await StargateClient.connect(world.devnet.rpcUrl)
    expect(await reader.getSequence(sender.address)).toMatchObject({ sequence: 0 })
    reader.disconnect()
    client.disconnect()
  })

  it('refuses to sign for an address that is not its own or a doc of another chain', async () => {
    const wallet = await devWallet(0)
    const other = world.devnet.accounts[1]!.address
    await expect(wallet.signArbitrary(local.chainId, other, 'hi')).rejects.toThrow(/does not match/)
    const own = wallet.addressOn(local.chainId)
    await expect(
      wallet.signDirect(local.chainId, own, { chainId: 'cosmoshub-4', accountNumber: 0n }),
    ).rejects.toThrow(/cosmoshub-4/)
  })

  it('signs ADR-36 arbitrary data that verifies, and a tampered message does not', async () => {
    const wallet = await devWallet(0)
    const signer = wallet.addressOn(local.chainId)
    const signature = await wallet.signArbitrary(local.chainId, signer, 'Sign in to Foyer')
    expect(signature.pub_key).toEqual({
      type: 'tendermint/PubKeySecp256k1',
      value: world.devnet.accounts[0]!.publicKey,
    })
    expect(verifyAdr36(signer, 'Sign in to Foyer', signature)).toBe(true)
    expect(verifyAdr36(signer, 'Sign in to Foyer!', signature)).toBe(false)
    expect(await wallet.verifyArbitrary(local.chainId, signer, 'Sign in to Foyer', signature)).toBe(
      true,
    )
    expect(
      await wallet.verifyArbitrary(local.chainId, signer, 'Sign in to Foyer!', signature),
    ).toBe(false)
  })

  it("builds Keplr's own ADR-36 doc, so Keplr's verifier accepts its signatures", async () => {
    const wallet = await devWallet(2)
    const signer = wallet.addressOn(local.chainId)
    const bytes = new Uint8Array([0, 1, 2, 250])
    for (const data of ['Sign in to Foyer', bytes]) {
      const signature = await wallet.signArbitrary(local.chainId, signer, data)
      const args = [fromBase64(signature.pub_key.value), fromBase64(signature.signature)] as const
      expect(verifyADR36Amino('cosmos', signer, data, ...args)).toBe(true)
      expect(verifyADR36Amino('cosmos', signer, 'something else', ...args)).toBe(false)
    }
    // The doc Keplr signs, field for field.
    expect(makeADR36AminoSignDoc(signer, 'hi')).toEqual({
      chain_id: '',
      account_number: '0',
      sequence: '0',
      fee: { gas: '0', amount: [] },
      memo: '',
      msgs: [{ type: 'sign/MsgSignData', value: { signer, data: toBase64(toUtf8('hi')) } }],
    })
  })

  it('is injected as window.keplr (or window.leap) and announces key changes on the window', async () => {
    const page = new EventTarget() as EventTarget & { keplr?: unknown; leap?: unknown }
    const changes: string[] = []
    page.addEventListener('keplr_keystorechange', () => changes.push('keplr'))
    page.addEventListener('leap_keystorechange', () => changes.push('leap'))
    const keplr = await injectCosmosTestWallet(page, {
      privateKeyHex: world.devnet.accounts[0]!.privateKey,
      chains: [local],
    })
    const leap = await injectCosmosTestWallet(page, {
      mnemonic: anvilMnemonic,
      chains: [local],
      as: 'leap',
    })
    expect(page.keplr).toBe(keplr)
    expect(page.leap).toBe(leap)

    await keplr.changeKey({ privateKeyHex: world.devnet.accounts[6]!.privateKey })
    expect(changes).toEqual(['keplr'])
    expect((await keplr.getKey(local.chainId)).bech32Address).toBe(
      world.devnet.accounts[6]!.address,
    )
    await leap.changeKey({ mnemonic: anvilMnemonic, index: 1 })
    expect(changes).toEqual(['keplr', 'leap'])
  })
})
