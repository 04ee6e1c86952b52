// The cosmos connector's code: loaded with `import()` on first use, with `@foyer/cosmos`'s actions
// and CosmJS, so an app that never uses Cosmos through WalletConnect never downloads them.
import type { AminoSignResponse, StdSignDoc } from '@cosmjs/amino'
import { fromBase64, fromBech32, toBase64, toUtf8 } from '@cosmjs/encoding'
import type { DirectSignResponse } from '@cosmjs/proto-signing'
import type { CaipNetwork, ConnectorAccount } from '@foyer/core'
import {
  AccountNotConnectedError,
  type CosmosKey,
  type CosmosSignDoc,
  type CosmosWallet,
  createAdr36SignDoc,
  getCosmosChainInfo,
  type SendTransferParameters,
  sendCosmosTransfer,
  signCosmosMessage,
} from '@foyer/cosmos'
import type { SessionNamespaceContext } from './createLazySessionConnector.ts'
import { createSessionNamespace } from './sessionNamespace.ts'

/** An entry of `cosmos_getAccounts` (WalletConnect Cosmos RPC). */
type WalletConnectCosmosAccount = { algo: string; address: string; pubkey: string }

/** `cosmos_signDirect`'s answer: the sign doc's bytes in base64. */
type WalletConnectDirectSignResponse = {
  signature: DirectSignResponse['signature']
  signed: { chainId: string; accountNumber: string; bodyBytes: string; authInfoBytes: string }
}

export function create(context: SessionNamespaceContext) {
  const namespace = createSessionNamespace({
    ...context,
    namespace: 'cosmos',
    chainName: 'Cosmos',
    toAccounts: async (addresses) =>
      addresses.map((address): ConnectorAccount => ({ address, type: 'eoa' })),
  })

  async function getAccounts() {
    const accounts = await namespace.ask<WalletConnectCosmosAccount[]>('cosmos_getAccounts', {})
    return (Array.isArray(accounts) ? accounts : []).map(({ algo, address, pubkey }) => ({
      algo: algo as 'secp256k1',
      address,
      pubkey: fromBase64(pubkey),
    }))
  }

  async function signDirect(signerAddress: string, signDoc: CosmosSignDoc) {
    const { signature, signed } = await namespace.ask<WalletConnectDirectSignResponse>(
      'cosmos_signDirect',
      {
        signerAddress,
        signDoc: {
          chainId: signDoc.chainId ?? '',
          accountNumber: String(signDoc.accountNumber ?? 0),
          bodyBytes: toBase64(signDoc.bodyBytes ?? new Uint8Array()),
          authInfoBytes: toBase64(signDoc.authInfoBytes ?? new Uint8Array()),
        },
      },
    )
    return {
      signature,
      signed: {
        chainId: signed.chainId,
        accountNumber: BigInt(signed.accountNumber),
        bodyBytes: fromBase64(signed.bodyBytes),
        authInfoBytes: fromBase64(signed.authInfoBytes),
      },
    } satisfies DirectSignResponse
  }

  const signAmino = (signerAddress: string, signDoc: StdSignDoc) =>
    namespace.ask<AminoSignResponse>('cosmos_signAmino', { signerAddress, signDoc })

  /**
   * The Keplr-style wallet `@foyer/cosmos`' actions take, answered over the session: transfers go
   * through `sendCosmosTransfer` and messages through `signCosmosMessage`, as for Keplr itself.
   */
  async function toWallet(): Promise<CosmosWallet> {
    const { approved } = await namespace.requireSession()
    const direct = namespace.methodsOf(approved).includes('cosmos_signDirect')
    return {
      async enable() {},
      async getKey(): Promise<CosmosKey> {
        const { address, network } = await sessionAddress()
        const account = (await getAccounts()).find((entry) => entry.address === address)
        if (!account) throw new AccountNotConnectedError({ address, details: network.name })
        return {
          name: '',
          algo: account.algo,
          pubKey: account.pubkey,
          address: fromBech32(address).data,
          bech32Address: address,
        }
      },
      // Without `cosmos_signDirect`, CosmJS signs amino (legacy) transactions.
      getOfflineSigner: () =>
        (direct
          ? { getAccounts, signDirect, signAmino }
          : { getAccounts, signAmino }) as ReturnType<CosmosWallet['getOfflineSigner']>,
      // ADR-36: WalletConnect has no `signArbitrary`; the wallet signs the ADR-36 doc as amino.
      async signArbitrary(_chainId, signer, data) {
        const bytes = typeof data === 'string' ? toUtf8(data) : data
        const doc = createAdr36SignDoc({ signer, data: toBase64(bytes) })
        return (await signAmino(signer, doc)).signature
      },
    }
  }

  /** The session's account on the current network (`address` when given, checked). */
  async function sessionAddress(address?: string) {
    const { approved, network } = await namespace.requireSession()
    const addresses = namespace.addressesOf(approved, network)
    const found = address === undefined ? addresses[0] : addresses.find((a) => a === address)
    if (!found) throw new AccountNotConnectedError({ address })
    return { address: found, network }
  }

  const chainOf = (network: CaipNetwork) => getCosmosChainInfo(network, [])

  return {
    connect: namespace.connect,
    getAccounts: namespace.getAccounts,
    getCaipNetworkId: namespace.getCaipNetworkId,
    switchNetwork: namespace.switchNetwork,

    async request({ method, params }: { method: string; params?: unknown }) {
      return namespace.ask(method, Array.isArray(params) ? params[0] : params)
    },

    async getKey() {
      return (await toWallet()).getKey('')
    },

    /** ADR-36, as `StdSignature` JSON: what `verifyCosmosMessage` takes. */
    async signMessage({ message, address }: { message: string | Uint8Array; address: string }) {
      const { network } = await sessionAddress(address)
      return signCosmosMessage({
        wallet: await toWallet(),
        chainId: chainOf(network).chainId,
        address,
        message,
      })
    },

    /** A bank `MsgSend` built and broadcast by `sendCosmosTransfer`, signed by the wallet. */
    async sendTransfer({ from, to, amount, mint, denom, memo, confirm }: SendTransferParameters) {
      const { network } = await sessionAddress(from)
      return sendCosmosTransfer({
        wallet: await toWallet(),
        chain: chainOf(network),
        from,
        to,
        amount,
        denom: denom ?? mint,
        memo,
        confirm,
      })
    },
  }
}
