// The visitor's preferred account type per namespace (SPEC §3 `preferredAccountType`, SPEC §6
// defaults). Internal: `setPreferredAccountType` is the public way to change it.

import type { Foyer } from '../createFoyer.ts'
import { ACCOUNT_TYPES_BY_NAMESPACE } from '../defaults.ts'
import type { StorageKey } from '../storage/keys.ts'
import type { AccountTypes } from '../types/config.ts'
import type { AccountType } from '../types/connector.ts'
import type { ChainNamespace } from '../types/network.ts'

/** Whether `namespace` has accounts of `type` (smart accounts on EVM only, payment on Bitcoin…). */
export function isAccountTypeOf(namespace: ChainNamespace, type: unknown): type is AccountType {
  return (
    (ACCOUNT_TYPES_BY_NAMESPACE[namespace] as readonly unknown[] | undefined)?.includes(type) ??
    false
  )
}

/** The preferences the visitor chose, as stored (a reload keeps them). */
export function getStoredAccountTypes(foyer: Pick<Foyer, 'storage'>): Partial<AccountTypes> {
  return (
    foyer.storage.getItem<Partial<AccountTypes>>('preferredAccountTypes' satisfies StorageKey) ?? {}
  )
}

/** The visitor's stored choice for `namespace`, else the app's default (config over SPEC §6). */
export function getPreferredAccountType(
  foyer: Pick<Foyer, 'config' | 'storage'>,
  namespace: ChainNamespace | undefined,
): AccountType | undefined {
  if (!namespace) return undefined
  const stored = getStoredAccountTypes(foyer)[namespace]
  // A stored value from an older version or another app is ignored, never shown.
  return isAccountTypeOf(namespace, stored) ? stored : foyer.config.defaultAccountTypes[namespace]
}
