import { type Address, concat, encodeAbiParameters, getContractAddress, type Hex } from 'viem'
import { readArtifactBytecode } from './artifacts.ts'
import type { DevnetAccountAbstractionContracts } from './types.ts'

/**
 * The deterministic deployment proxy (Arachnid's CREATE2 factory) that anvil has at genesis:
 * calldata `salt ‖ initCode` deploys `initCode` with CREATE2 under that salt.
 */
export const deterministicDeployerAddress: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c'

/** The salt eth-infinitism deployed EntryPoint v0.7 with on every public chain. */
export const entryPoint07Salt: Hex =
  '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'

/** EntryPoint v0.7's canonical address (viem's `entryPoint07Address`). */
export const entryPoint07Address: Address = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'

/** SimpleAccountFactory v0.7's canonical address (its EntryPoint as argument, zero salt). */
export const simpleAccountFactory07Address: Address = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985'

const zeroSalt: Hex = `0x${'00'.repeat(32)}`

export type PlanAccountAbstractionReturnType = {
  contracts: DevnetAccountAbstractionContracts
  /** Calls to the deterministic deployer, in order (the factory's constructor reads nothing). */
  transactions: { step: string; to: Address; data: Hex; gas: bigint }[]
}

/**
 * The transactions that install ERC-4337 v0.7 at its canonical addresses: the EntryPoint and the
 * SimpleAccountFactory (which deploys its SimpleAccount implementation), from the bytecode
 * `@account-abstraction/contracts@0.7.0` publishes (committed as artifacts). CREATE2 through the
 * deterministic deployer, so the addresses are the same whoever sends them and at any nonce.
 */
export function planAccountAbstraction(): PlanAccountAbstractionReturnType {
  const entryPointInitCode = readArtifactBytecode('EntryPoint07')
  const factoryInitCode = concat([
    readArtifactBytecode('SimpleAccountFactory07'),
    encodeAbiParameters([{ type: 'address' }], [entryPoint07Address]),
  ])
  const at = (salt: Hex, initCode: Hex) =>
    getContractAddress({
      opcode: 'CREATE2',
      from: deterministicDeployerAddress,
      salt,
      bytecode: initCode,
    })
  const entryPoint07 = at(entryPoint07Salt, entryPointInitCode)
  const simpleAccountFactory = at(zeroSalt, factoryInitCode)
  // The artifacts are the published ones only if they land where the rest of the world expects.
  if (
    entryPoint07 !== entryPoint07Address ||
    simpleAccountFactory !== simpleAccountFactory07Address
  )
    throw new Error(
      `the ERC-4337 artifacts are not the published v0.7 builds: EntryPoint at ${entryPoint07}, SimpleAccountFactory at ${simpleAccountFactory}`,
    )
  return {
    contracts: { entryPoint07, simpleAccountFactory },
    transactions: [
      {
        step: 'deploying the ERC-4337 EntryPoint v0.7',
        to: deterministicDeployerAddress,
        data: concat([entryPoint07Salt, entryPointInitCode]),
        gas: 8_000_000n,
      },
      {
        step: 'deploying the SimpleAccountFactory v0.7',
        to: deterministicDeployerAddress,
        data: concat([zeroSalt, factoryInitCode]),
        gas: 4_000_000n,
      },
    ],
  }
}
