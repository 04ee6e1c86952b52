import type { DevnetChain } from '@foyer/devnet'
import type { SmartAccountNetwork } from './delegator.ts'

/** The smart-account network of a devnet chain behind `bundlerUrl` (tests only). */
export function smartAccountNetworkOf(chain: DevnetChain, bundlerUrl: string): SmartAccountNetwork {
  const { contracts } = chain
  return {
    bundlerUrl,
    entryPoint: contracts.entryPoint07,
    factory: contracts.simpleFactory,
    implementation: contracts.hybridDeleGatorImpl,
    delegationManager: contracts.delegationManager,
    enforcers: {
      timestamp: contracts.timestampEnforcer,
      allowedTargets: contracts.allowedTargetsEnforcer,
      allowedMethods: contracts.allowedMethodsEnforcer,
      erc20TransferAmount: contracts.erc20TransferAmountEnforcer,
      valueLte: contracts.valueLteEnforcer,
    },
  }
}
