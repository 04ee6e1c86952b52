import { getBase58Encoder } from '@solana/kit'
import { formatEther, type Hex, hexToBigInt, hexToBytes, hexToNumber, isHex } from 'viem'

export type DescribeSessionRequestParameters = { method: string; params: unknown }

export type DescribeSessionRequestReturnType = {
  /** What the dapp asks for, in words. */
  title: string
  /** Label/value pairs a person checks before approving. */
  details: { label: string; value: string }[]
}

/** Turns a request into what a wallet shows before the person approves it. */
export function describeSessionRequest(
  parameters: DescribeSessionRequestParameters,
): DescribeSessionRequestReturnType {
  const { method } = parameters
  const list = Array.isArray(parameters.params) ? (parameters.params as unknown[]) : []
  switch (method) {
    case 'personal_sign': {
      const [message, address] = list
      return {
        title: 'Sign a message',
        details: [
          { label: 'Account', value: String(address) },
          { label: 'Message', value: readMessage(message) },
        ],
      }
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = list
      let typedData: unknown = data
      try {
        if (typeof data === 'string') typedData = JSON.parse(data)
      } catch {}
      const primaryType = (typedData as { primaryType?: unknown } | null)?.primaryType
      return {
        title: 'Sign typed data',
        details: [
          { label: 'Account', value: String(address) },
          { label: 'Type', value: String(primaryType ?? 'unknown') },
          { label: 'Data', value: JSON.stringify(typedData, null, 2) },
        ],
      }
    }
    case 'eth_sendTransaction': {
      const transaction = (list[0] ?? {}) as Record<string, Hex | undefined>
      const details = [
        { label: 'From', value: String(transaction.from) },
        { label: 'To', value: transaction.to ?? '(contract creation)' },
        {
          label: 'Value',
          value: `${formatEther(transaction.value ? hexToBigInt(transaction.value) : 0n)} ETH`,
        },
      ]
      const data = transaction.data ?? transaction.input
      if (data && data !== '0x') details.push({ label: 'Data', value: data })
      return { title: 'Send a transaction', details }
    }
    case 'wallet_switchEthereumChain': {
      const chainId = (list[0] as { chainId?: unknown } | undefined)?.chainId
      return {
        title: 'Switch chain',
        details: [
          {
            label: 'Chain',
            value:
              typeof chainId === 'string' && isHex(chainId)
                ? String(hexToNumber(chainId))
                : String(chainId),
          },
        ],
      }
    }
    case 'solana_signMessage': {
      const { message, pubkey } = (parameters.params ?? {}) as Record<string, unknown>
      return {
        title: 'Sign a message on Solana',
        details: [
          { label: 'Account', value: String(pubkey) },
          { label: 'Message', value: readBase58Text(message) },
        ],
      }
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      const { transaction, pubkey } = (parameters.params ?? {}) as Record<string, unknown>
      return {
        title:
          method === 'solana_signTransaction'
            ? 'Sign a Solana transaction'
            : 'Send a Solana transaction',
        details: [
          { label: 'Account', value: String(pubkey) },
          { label: 'Transaction (base64)', value: String(transaction) },
        ],
      }
    }
    case 'getAccountAddresses': {
      const { account } = (parameters.params ?? {}) as Record<string, unknown>
      return {
        title: 'Share your Bitcoin addresses',
        details: [{ label: 'Account', value: String(account) }],
      }
    }
    case 'signMessage': {
      const { address, account, message, protocol } = (parameters.params ?? {}) as Record<
        string,
        unknown
      >
      return {
        title: 'Sign a message on Bitcoin',
        details: [
          { label: 'Address', value: String(address ?? account) },
          { label: 'Message', value: String(message) },
          { label: 'Protocol', value: protocol === 'ecdsa' ? 'ECDSA' : 'BIP-322' },
        ],
      }
    }
    case 'signPsbt': {
      const { psbt, signInputs, broadcast } = (parameters.params ?? {}) as Record<string, unknown>
      const inputs = Array.isArray(signInputs) ? (signInputs as Record<string, unknown>[]) : []
      return {
        title:
          broadcast === true ? 'Sign and send a Bitcoin transaction' : 'Sign a Bitcoin transaction',
        details: [
          {
            label: 'Inputs to sign',
            value: inputs.map((input) => `#${input.index} with ${input.address}`).join('\n'),
          },
          { label: 'PSBT (base64)', value: String(psbt) },
        ],
      }
    }
    case 'sendTransfer': {
      const { account, recipientAddress, amount } = (parameters.params ?? {}) as Record<
        string,
        unknown
      >
      return {
        title: 'Send bitcoin',
        details: [
          { label: 'From', value: String(account) },
          { label: 'To', value: String(recipientAddress) },
          { label: 'Amount', value: `${String(amount)} sats` },
        ],
      }
    }
    case 'polkadot_signMessage': {
      const { address, message } = (parameters.params ?? {}) as Record<string, unknown>
      return {
        title: 'Sign a message on Polkadot',
        details: [
          { label: 'Account', value: String(address) },
          {
            label: 'Message',
            value: readMessage(message).replace(/^<Bytes>([\s\S]*)<\/Bytes>$/, '$1'),
          },
        ],
      }
    }
    case 'polkadot_signTransaction': {
      const { address, transactionPayload } = (parameters.params ?? {}) as Record<string, unknown>
      const payload = (transactionPayload ?? {}) as Record<string, unknown>
      return {
        title: 'Sign a Polkadot transaction',
        details: [
          { label: 'Account', value: String(address) },
          { label: 'Call (hex)', value: String(payload.method) },
          { label: 'Chain (genesis hash)', value: String(payload.genesisHash) },
        ],
      }
    }
    case 'cosmos_getAccounts':
      return { title: 'Share your Cosmos account', details: [] }
    case 'cosmos_signDirect': {
      const { signerAddress, signDoc } = (parameters.params ?? {}) as Record<string, unknown>
      const doc = (signDoc ?? {}) as Record<string, unknown>
      return {
        title: 'Sign a Cosmos transaction',
        details: [
          { label: 'Account', value: String(signerAddress) },
          { label: 'Chain', value: String(doc.chainId) },
          { label: 'Body (base64)', value: String(doc.bodyBytes) },
        ],
      }
    }
    case 'cosmos_signAmino': {
      const { signerAddress, signDoc } = (parameters.params ?? {}) as Record<string, unknown>
      const doc = (signDoc ?? {}) as {
        chain_id?: unknown
        msgs?: { type?: unknown; value?: { data?: unknown } }[]
      }
      const [first] = doc.msgs ?? []
      // ADR-36: an off-chain message in an amino doc that no chain would accept.
      if (doc.msgs?.length === 1 && first?.type === 'sign/MsgSignData')
        return {
          title: 'Sign a message on Cosmos',
          details: [
            { label: 'Account', value: String(signerAddress) },
            { label: 'Message', value: readBase64Text(first.value?.data) },
          ],
        }
      return {
        title: 'Sign a Cosmos transaction',
        details: [
          { label: 'Account', value: String(signerAddress) },
          { label: 'Chain', value: String(doc.chain_id) },
          { label: 'Messages', value: JSON.stringify(doc.msgs ?? [], null, 2) },
        ],
      }
    }
    case 'eth_chainId':
      return { title: 'Read the chain id', details: [] }
    case 'eth_accounts':
      return { title: 'Read the accounts', details: [] }
    default:
      return {
        title: `Unsupported request ${method}`,
        details: [{ label: 'Parameters', value: JSON.stringify(parameters.params) }],
      }
  }
}

/** personal_sign messages are hex-encoded bytes; show them as text when they are UTF-8. */
function readMessage(message: unknown): string {
  if (typeof message !== 'string') return String(message)
  if (!isHex(message)) return message
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message))
  } catch {
    return message
  }
}

/** solana_signMessage messages are base58-encoded bytes; show them as text when they are UTF-8. */
function readBase58Text(message: unknown): string {
  if (typeof message !== 'string') return String(message)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(getBase58Encoder().encode(message))
  } catch {
    return message
  }
}

/** ADR-36 messages are base64-encoded bytes; show them as text when they are UTF-8. */
function readBase64Text(data: unknown): string {
  if (typeof data !== 'string') return String(data)
  try {
    const bytes = Uint8Array.from(atob(data), (character) => character.charCodeAt(0))
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return data
  }
}
