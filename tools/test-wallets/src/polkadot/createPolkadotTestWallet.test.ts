// @vitest-environment happy-dom
import { type StartPolkadotDevnetReturnType, startPolkadotDevnet } from '@foyer/devnet/polkadot'
import '@polkadot/api-augment'
import { ApiPromise, WsProvider } from '@polkadot/api'
import { stringToU8a, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { signatureVerify } from '@polkadot/util-crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createPolkadotTestWallet, POLKADOT_TEST_WALLET_NAME } from './createPolkadotTestWallet.ts'
import { POLKADOT_TEST_WALLET_ICON } from './icon.ts'
import { injectPolkadotTestWallet } from './injectPolkadotTestWallet.ts'

let world: StartPolkadotDevnetReturnType
let api: ApiPromise

beforeAll(async () => {
  world = await startPolkadotDevnet({ port: 0 })
  api = await ApiPromise.create({ provider: new WsProvider(world.devnet.wsUrl), noInitWarn: true })
}, 120_000)
afterAll(async () => {
  await api?.disconnect()
  await world?.stop()
})

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** The wallet holding dev accounts `indexes` of the local chain, as their mnemonic and paths. */
const createDevWallet = (
  indexes: number[] = [0],
  extra: Parameters<typeof createPolkadotTestWallet>[0] = {},
) =>
  createPolkadotTestWallet({
    mnemonic: world.devnet.accounts[0]!.mnemonic,
    derivationPaths: indexes.map((index) => world.devnet.accounts[index]!.derivationPath),
    ss58Prefix: world.devnet.ss58Prefix,
    ...extra,
  })

const freeBalance = async (address: string) =>
  (await api.query.system.account(address)).data.free.toBigInt()

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

describe('Polkadot test wallet', () => {
  it('holds the dev accounts derived from the mnemonic and paths it was given', async () => {
    const wallet = await createDevWallet([0, 3])
    expect(wallet.accounts.map((account) => account.address)).toEqual([
      world.devnet.accounts[0]!.address,
      world.devnet.accounts[3]!.address,
    ])
    expect(wallet.accounts[0]).toMatchObject({ type: 'sr25519', genesisHash: null })
    expect(wallet.name).toBe(POLKADOT_TEST_WALLET_NAME)
  })

  it('lists no account and refuses everything until the site is enabled', async () => {
    const wallet = await createDevWallet()
    expect(wallet.isAuthorized).toBe(false)
    const injected = await wallet.enable('Foyer tests')
    expect(wallet.isAuthorized).toBe(true)
    expect(wallet.enabledBy).toEqual(['Foyer tests'])
    expect(await injected.accounts.get()).toHaveLength(1)

    wallet.revoke()
    await expect(injected.accounts.get()).rejects.toThrow(
      'is not allowed to interact with this extension',
    )
    await expect(
      injected.signer.signRaw({
        address: wallet.accounts[0]!.address,
        data: '0x00',
        type: 'bytes',
      }),
    ).rejects.toThrow('is not allowed')
  })

  it("answers a refused authorisation with 'Rejected by user' and stays unauthorised", async () => {
    const wallet = await createDevWallet([0], { behaviour: { connect: 'reject' } })
    await expect(wallet.enable('Foyer tests')).rejects.toThrow('Rejected by user')
    expect(wallet.isAuthorized).toBe(false)
  })

  it('remembers the authorisation in its storage, as an extension does across page loads', async () => {
    const storage = memoryStorage()
    const first = await createDevWallet([0], { storage })
    await first.enable('Foyer tests')
    // The next page load: the visitor would refuse a prompt, but none is shown.
    const second = await createDevWallet([0], { storage, behaviour: { connect: 'reject' } })
    expect(second.isAuthorized).toBe(true)
    const injected = await second.enable('Foyer tests')
    expect(await injected.accounts.get()).toHaveLength(1)
  })

  it('tells subscribers the current accounts at once, and an empty list when revoked', async () => {
    const wallet = await createDevWallet([0, 1])
    const injected = await wallet.enable('Foyer tests')
    const seen: string[][] = []
    const unsubscribe = injected.accounts.subscribe((accounts) => {
      seen.push(accounts.map((account) => account.address))
    })
    wallet.revoke()
    unsubscribe()
    await wallet.enable('Foyer tests')
    expect(seen).toEqual([
      [world.devnet.accounts[0]!.address, world.devnet.accounts[1]!.address],
      [],
    ])
  })

  it('hides Ethereum accounts unless the page asks for any type', async () => {
    const mnemonic = world.devnet.accounts[0]!.mnemonic
    const wallet = await createPolkadotTestWallet({
      seeds: [`${mnemonic}//0`, { uri: mnemonic, type: 'ethereum' }],
    })
    const injected = await wallet.enable('Foyer tests')
    expect((await injected.accounts.get()).map((account) => account.type)).toEqual(['sr25519'])
    expect((await injected.accounts.get(true)).map((account) => account.type)).toEqual([
      'sr25519',
      'ethereum',
    ])
  })

  it('signs raw bytes wrapped in <Bytes>…</Bytes>: the signature verifies, not for other bytes', async () => {
    const wallet = await createDevWallet()
    const injected = await wallet.enable('Foyer tests')
    const address = wallet.accounts[0]!.address
    const message = stringToU8a('Sign in to Foyer')
    const { signature } = await injected.signer.signRaw({
      address,
      data: u8aToHex(message),
      type: 'bytes',
    })
    expect(signatureVerify(u8aWrapBytes(message), signature, address).isValid).toBe(true)
    expect(
      signatureVerify(u8aWrapBytes(stringToU8a('Sign in to F0yer')), signature, address).isValid,
    ).toBe(false)
    // Already wrapped data is not wrapped twice: the same message, the same valid signature.
    const again = await injected.signer.signRaw({
      address,
      data: u8aToHex(u8aWrapBytes(message)),
      type: 'bytes',
    })
    expect(signatureVerify(u8aWrapBytes(message), again.signature, address).isValid).toBe(true)
  })

  it("answers 'Cancelled' when the visitor refuses to sign, and records the request", async () => {
    const wallet = await createDevWallet([0], { behaviour: { signing: 'reject' } })
    const injected = await wallet.enable('Foyer tests')
    const address = wallet.accounts[0]!.address
    await expect(injected.signer.signRaw({ address, data: '0x01', type: 'bytes' })).rejects.toThrow(
      'Cancelled',
    )
    expect(wallet.requests).toEqual([{ method: 'signRaw', address, answer: 'cancelled' }])
  })

  it('refuses to sign for an address it does not hold', async () => {
    const wallet = await createDevWallet([0])
    const injected = await wallet.enable('Foyer tests')
    const other = world.devnet.accounts[5]!.address
    await expect(
      injected.signer.signRaw({ address: other, data: '0x01', type: 'bytes' }),
    ).rejects.toThrow(`Unable to find a keypair for ${other}`)
  })

  it('signs an extrinsic payload that the chain accepts: a transfer lands and moves the balances', async () => {
    const wallet = await createDevWallet([2])
    const { signer } = await wallet.enable('Foyer tests')
    const from = world.devnet.accounts[2]!.address
    const to = world.devnet.accounts[7]!.address
    const before = await freeBalance(to)

    await new Promise<void>((resolve, reject) => {
      api.tx.balances
        .transferKeepAlive(to, 10n ** 12n)
        .signAndSend(from, { signer }, ({ status, dispatchError }) => {
          if (dispatchError) reject(new Error(dispatchError.toString()))
          // Finalized may be the first status seen (see startPolkadotDevnet.test.ts).
          else if (status.isInBlock || status.isFinalized) resolve()
        })
        .catch(reject)
    })

    expect(await freeBalance(to)).toBe(before + 10n ** 12n)
    expect(wallet.requests).toEqual([{ method: 'signPayload', address: from, answer: 'signed' }])
    // A block is built and imported on the chain: seconds alone, far more on a loaded runner.
  }, 120_000)
})

describe('injectPolkadotTestWallet', () => {
  it('puts { version, enable } into window.injectedWeb3 under its key, and takes it out again', async () => {
    const { wallet, remove } = await injectPolkadotTestWallet(window)
    cleanups.push(remove)
    const injectedWeb3 = (
      window as unknown as {
        injectedWeb3: Record<
          string,
          {
            version: string
            enable: (name: string) => Promise<unknown>
            name: string
            icon: string
          }
        >
      }
    ).injectedWeb3
    const entry = injectedWeb3['foyer-test-wallet']!
    expect(entry).toMatchObject({
      version: wallet.version,
      name: 'Foyer Test Wallet',
      icon: POLKADOT_TEST_WALLET_ICON,
    })
    expect(POLKADOT_TEST_WALLET_ICON).toMatch(/^data:image\/svg\+xml,/)
    await entry.enable('Foyer tests')
    expect(wallet.enabledBy).toEqual(['Foyer tests'])
    remove()
    expect(injectedWeb3['foyer-test-wallet']).toBeUndefined()
  })

  it('leaves other extensions in window.injectedWeb3 alone', async () => {
    const page = window as unknown as { injectedWeb3?: Record<string, unknown> }
    page.injectedWeb3 = { talisman: { version: '1', enable: async () => ({}) } }
    const { remove } = await injectPolkadotTestWallet(window)
    expect(Object.keys(page.injectedWeb3)).toEqual(['talisman', 'foyer-test-wallet'])
    remove()
    expect(Object.keys(page.injectedWeb3)).toEqual(['talisman'])
    delete page.injectedWeb3
  })
})
