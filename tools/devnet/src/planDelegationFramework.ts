import {
  AllowedMethodsEnforcer,
  AllowedTargetsEnforcer,
  DelegationManager,
  ERC20TransferAmountEnforcer,
  HybridDeleGator,
  SCL_RIP7212,
  SimpleFactory,
  TimestampEnforcer,
  ValueLteEnforcer,
} from '@metamask/delegation-abis/bytecode'
import { type Address, concat, encodeAbiParameters, getContractAddress, type Hex } from 'viem'
import { deterministicDeployerAddress, entryPoint07Address } from './planAccountAbstraction.ts'
import type { DevnetDelegationContracts } from './types.ts'

/** One salt for every contract of the framework: each address follows from its bytecode alone. */
export const delegationFrameworkSalt: Hex = `0x${'00'.repeat(31)}01`

/** The library HybridDeleGator links for P-256 signatures (its placeholder in the bytecode). */
const sclLibraryPlaceholder = /__\$b8f96b288d4d0429e38b8ed50fd423070f\$__/g

export type PlanDelegationFrameworkParameters = {
  /** The DelegationManager's owner (it may pause redemptions): the devnet deployer. */
  owner: Address
}

export type PlanDelegationFrameworkReturnType = {
  contracts: DevnetDelegationContracts
  /** Calls to the deterministic deployer, in order (HybridDeleGator links the library first). */
  transactions: { step: string; to: Address; data: Hex; gas: bigint }[]
}

/**
 * The transactions that install MetaMask's Delegation Framework v1.3 (audited, from the bytecode
 * `@metamask/delegation-abis` publishes): the DelegationManager, the HybridDeleGator
 * implementation (an ERC-4337 v0.7 smart account with ERC-1271 that can delegate), the
 * SimpleFactory that deploys its proxies, and the caveat enforcers smart sessions use. CREATE2
 * through the deterministic deployer, so the addresses are the same on every chain and start.
 */
export function planDelegationFramework(
  parameters: PlanDelegationFrameworkParameters,
): PlanDelegationFrameworkReturnType {
  const at = (initCode: Hex) =>
    getContractAddress({
      opcode: 'CREATE2',
      from: deterministicDeployerAddress,
      salt: delegationFrameworkSalt,
      bytecode: initCode,
    })
  const transactions: PlanDelegationFrameworkReturnType['transactions'] = []
  const deploy = (step: string, initCode: Hex, gas: bigint) => {
    transactions.push({
      step: `deploying the ${step}`,
      to: deterministicDeployerAddress,
      data: concat([delegationFrameworkSalt, initCode]),
      gas,
    })
    return at(initCode)
  }
  const delegationManager = deploy(
    'DelegationManager',
    concat([
      DelegationManager as Hex,
      encodeAbiParameters([{ type: 'address' }], [parameters.owner]),
    ]),
    6_000_000n,
  )
  const sclLibrary = deploy('P-256 verifier library', SCL_RIP7212 as Hex, 6_000_000n)
  const hybridDeleGatorImpl = deploy(
    'HybridDeleGator implementation',
    concat([
      (HybridDeleGator as string).replace(
        sclLibraryPlaceholder,
        sclLibrary.slice(2).toLowerCase(),
      ) as Hex,
      encodeAbiParameters(
        [{ type: 'address' }, { type: 'address' }],
        [delegationManager, entryPoint07Address],
      ),
    ]),
    8_000_000n,
  )
  const simpleFactory = deploy('DeleGator SimpleFactory', SimpleFactory as Hex, 3_000_000n)
  const timestampEnforcer = deploy('TimestampEnforcer', TimestampEnforcer as Hex, 2_000_000n)
  const allowedTargetsEnforcer = deploy(
    'AllowedTargetsEnforcer',
    AllowedTargetsEnforcer as Hex,
    2_000_000n,
  )
  const allowedMethodsEnforcer = deploy(
    'AllowedMethodsEnforcer',
    AllowedMethodsEnforcer as Hex,
    2_000_000n,
  )
  const erc20TransferAmountEnforcer = deploy(
    'ERC20TransferAmountEnforcer',
    ERC20TransferAmountEnforcer as Hex,
    2_000_000n,
  )
  const valueLteEnforcer = deploy('ValueLteEnforcer', ValueLteEnforcer as Hex, 2_000_000n)
  return {
    contracts: {
      delegationManager,
      hybridDeleGatorImpl,
      simpleFactory,
      sclLibrary,
      timestampEnforcer,
      allowedTargetsEnforcer,
      allowedMethodsEnforcer,
      erc20TransferAmountEnforcer,
      valueLteEnforcer,
    },
    transactions,
  }
}
