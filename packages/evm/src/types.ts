/** The EIP-1193 surface Foyer uses; every injected wallet and `createTestWallet` provide it. */
export type Eip1193Provider = {
  request(arguments_: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (...args: never[]) => void): unknown
  removeListener(event: string, listener: (...args: never[]) => void): unknown
}

/** EIP-6963 wallet metadata. */
export type WalletInfo = { uuid?: string | undefined; name: string; icon: string; rdns: string }

export type ProviderDetail = { info: WalletInfo; provider: Eip1193Provider }
