import { readFileSync } from 'node:fs'
import {
  type Address,
  concat,
  createClient,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  numberToHex,
  pad,
} from 'viem'
import { DeployWorldError } from './errors.ts'
import { farcasterIdRegistryAbi } from './generated/abis.ts'
import type { DevnetFarcaster, DevnetFarcasterAccount } from './types.ts'

/** Farcaster's IdRegistry on OP mainnet, where `@farcaster/auth-client`'s `viemConnector` reads. */
export const farcasterIdRegistryAddress: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
/** Farcaster's KeyRegistry on OP mainnet (`keyDataOf` for auth addresses). */
export const farcasterKeyRegistryAddress: Address = '0x00000000Fc1237824fb747aBDE0FF18990E59b7e'

/** KeyRegistry key type of an auth address (a key that may sign in for the fid). */
export const farcasterAuthAddressKeyType = 2
/** KeyRegistry `KeyState.ADDED`. */
const keyStateAdded = 1

const avatar = (letter: string, color: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="${color}"/><text x="32" y="42" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#fff">${letter}</text></svg>`,
  )}`

/**
 * The devnet's Farcaster accounts. The keys are fixed, public and for the devnet only: each is
 * keccak256 of the UTF-8 label `foyer devnet farcaster: <alice custody | alice auth address |
 * bob custody>`, so none is one of anvil's default accounts or the deployer (both derived from
 * anvil's mnemonic) and none holds Ether.
 */
export function devnetFarcasterAccounts(): DevnetFarcasterAccount[] {
  return [
    {
      fid: 1,
      username: 'alice',
      displayName: 'Alice Devnet',
      pfpUrl: avatar('A', '#7c3aed'),
      custodyAddress: '0x57F2DdF45f00519394C7BaB7a71FC0B30CcB6f83',
      custodyPrivateKey: '0xc63c71f4430b3855468d7fc1b883ff2b039294d125162772d1cd2aef5e167328',
      authAddress: '0x6ee84733474f7fBee979bb38B60E7ceb4a5C35AC',
      authPrivateKey: '0xc08e4c3ea0582446e5f1720bc2a2763ed73fe2a439fb3dd69e041c80b8df096c',
    },
    {
      fid: 2,
      username: 'bob',
      displayName: 'Bob Devnet',
      pfpUrl: avatar('B', '#0891b2'),
      custodyAddress: '0x3bC804FDc2503C1F68c4242366320668aEa14A51',
      custodyPrivateKey: '0x067f0e61537baeb06d934c3dafaefc4fb660a1d3c9ad57aa632e7654c4f44028',
    },
  ]
}

export type InstallFarcasterRegistriesParameters = {
  /** Default: `devnetFarcasterAccounts()` (alice = fid 1 with an auth address, bob = fid 2). */
  accounts?: readonly DevnetFarcasterAccount[] | undefined
}

export type InstallFarcasterRegistriesReturnType = DevnetFarcaster

export type InstallFarcasterRegistriesErrorType = DeployWorldError

/**
 * Installs stand-ins of Farcaster's IdRegistry and KeyRegistry at their OP-mainnet addresses on
 * an anvil node (`anvil_setCode`), and registers the accounts by writing the registries' storage
 * (`anvil_setStorageAt`): fid → custody, custody → fid, and each auth address as an ADDED key of
 * type 2. So `@farcaster/auth-client`'s `viemConnector({ rpcUrl })` verifies sign-ins against
 * the devnet exactly as against OP mainnet.
 *
 * Storage writes rather than the registries' own `register`/`add` transactions: they send no
 * transaction and mine no block, so no account's nonce or balance and no block moves, whatever
 * order this runs in relative to `deployWorld`. The layout written here is the one documented in
 * the contracts; the function reads every fid back through `idOf` to make sure it still matches.
 */
export async function installFarcasterRegistries(
  rpcUrl: string,
  parameters: InstallFarcasterRegistriesParameters = {},
): Promise<InstallFarcasterRegistriesReturnType> {
  const accounts = [...(parameters.accounts ?? devnetFarcasterAccounts())]
  const transport = http(rpcUrl, { batch: { batchSize: 1_000, wait: 0 }, retryCount: 0 })
  const client = createClient({ transport })
  const request = client.request as (args: { method: string; params: unknown[] }) => Promise<Hex>

  let step = 'reading the Farcaster registry artifacts'
  try {
    const idRegistryCode = readInitCode('FarcasterIdRegistry')
    const keyRegistryCode = readInitCode('FarcasterKeyRegistry')

    step = 'installing the Farcaster registries'
    // A creation eth_call returns the runtime code the init code would deploy.
    const [idRegistryRuntime, keyRegistryRuntime] = await Promise.all(
      [idRegistryCode, keyRegistryCode].map((data) =>
        request({ method: 'eth_call', params: [{ data }, 'latest'] }),
      ),
    )
    const writes: [Address, Hex, Hex][] = [
      [farcasterIdRegistryAddress, idRegistrySlots.idCounter, word(maxFid(accounts))],
    ]
    for (const account of accounts) {
      const fid = BigInt(account.fid)
      writes.push([
        farcasterIdRegistryAddress,
        mappingSlot('address', account.custodyAddress, idRegistrySlots.idOf),
        word(fid),
      ])
      writes.push([
        farcasterIdRegistryAddress,
        mappingSlot('uint256', fid, idRegistrySlots.custodyOf),
        pad(account.custodyAddress.toLowerCase() as Hex),
      ])
      if (account.authAddress) {
        writes.push([
          farcasterKeyRegistryAddress,
          keySlot(fid, authAddressKey(account.authAddress)),
          word(BigInt(keyStateAdded) | (BigInt(farcasterAuthAddressKeyType) << 8n)),
        ])
      }
    }
    await Promise.all([
      request({ method: 'anvil_setCode', params: [farcasterIdRegistryAddress, idRegistryRuntime] }),
      request({
        method: 'anvil_setCode',
        params: [farcasterKeyRegistryAddress, keyRegistryRuntime],
      }),
      ...writes.map((params) => request({ method: 'anvil_setStorageAt', params })),
    ])

    step = 'checking the Farcaster accounts'
    const fids = await Promise.all(
      accounts.map((account) =>
        request({
          method: 'eth_call',
          params: [
            {
              to: farcasterIdRegistryAddress,
              data: encodeFunctionData({
                abi: farcasterIdRegistryAbi,
                functionName: 'idOf',
                args: [account.custodyAddress],
              }),
            },
            'latest',
          ],
        }),
      ),
    )
    accounts.forEach((account, index) => {
      if (BigInt(fids[index]!) !== BigInt(account.fid)) {
        throw new Error(
          `idOf(${account.custodyAddress}) is ${BigInt(fids[index]!)}, not ${account.fid}: the storage layout of FarcasterIdRegistry.sol changed`,
        )
      }
    })
  } catch (error) {
    throw new DeployWorldError({ step, rpcUrl, cause: error })
  }
  return {
    idRegistry: farcasterIdRegistryAddress,
    keyRegistry: farcasterKeyRegistryAddress,
    accounts,
  }
}

/** The KeyRegistry key of an auth address: the address ABI-encoded (left-padded to 32 bytes). */
export function authAddressKey(address: Address): Hex {
  return encodeAbiParameters([{ type: 'address' }], [address])
}

/** Storage slots of FarcasterIdRegistry.sol's state variables (see the contract). */
const idRegistrySlots = { idCounter: word(0n), idOf: 1n, custodyOf: 2n } as const
/** Slot of FarcasterKeyRegistry.sol's `keys` mapping. */
const keyRegistryKeysSlot = 0n

function word(value: bigint): Hex {
  return numberToHex(value, { size: 32 })
}

function maxFid(accounts: readonly DevnetFarcasterAccount[]): bigint {
  return accounts.reduce(
    (max, account) => (BigInt(account.fid) > max ? BigInt(account.fid) : max),
    0n,
  )
}

/** Solidity's slot of `mapping[key]` for a value-type key: keccak256(abi.encode(key, slot)). */
function mappingSlot(type: 'address' | 'uint256', key: Address | bigint, slot: bigint): Hex {
  return keccak256(
    encodeAbiParameters([{ type }, { type: 'uint256' }], [key, slot] as [never, bigint]),
  )
}

/** Slot of `keys[fid][key]`: a `bytes` key is hashed unpadded, followed by the inner slot. */
function keySlot(fid: bigint, key: Hex): Hex {
  const inner = keccak256(
    encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [fid, keyRegistryKeysSlot]),
  )
  return keccak256(concat([key, inner]))
}

function readInitCode(name: 'FarcasterIdRegistry' | 'FarcasterKeyRegistry'): Hex {
  const url = new URL(`../artifacts/${name}.json`, import.meta.url)
  return (JSON.parse(readFileSync(url, 'utf8')) as { bytecode: Hex }).bytecode
}
