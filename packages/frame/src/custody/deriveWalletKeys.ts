import { secp256k1 } from '@noble/curves/secp256k1.js'
import { base58 } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { HDKey as Slip10HDKey } from 'micro-key-producer/slip10.js'
import { bytesToHex } from 'viem'
import { publicKeyToAddress } from 'viem/accounts'

/** BIP-44 path of the eip155 account (the one every EVM wallet derives first). */
export const EIP155_DERIVATION_PATH = "m/44'/60'/0'/0/0"
/** SLIP-10 ed25519 path of the solana account (Phantom, Solflare). */
export const SOLANA_DERIVATION_PATH = "m/44'/501'/0'/0'"

export type WalletAddresses = {
  /** Checksummed 0x address. */
  eip155: `0x${string}`
  /** Base58 ed25519 public key. */
  solana: string
}

export type WalletKeys = {
  mnemonic: string
  /** 32-byte secp256k1 private key. Zero it when done. */
  eip155PrivateKey: Uint8Array
  /** 32-byte ed25519 seed (private key). Zero it when done. */
  solanaPrivateKey: Uint8Array
  solanaPublicKey: Uint8Array
  addresses: WalletAddresses
}

/** Derives both chain keys from BIP-39 entropy. The seed buffers it makes are zeroed before returning. */
export function deriveWalletKeys(entropy: Uint8Array): WalletKeys {
  const mnemonic = entropyToMnemonic(entropy, wordlist)
  const seed = mnemonicToSeedSync(mnemonic)
  try {
    const evmNode = HDKey.fromMasterSeed(seed).derive(EIP155_DERIVATION_PATH)
    const solanaNode = Slip10HDKey.fromMasterSeed(seed).derive(SOLANA_DERIVATION_PATH)
    if (!evmNode.privateKey) throw new Error('BIP-32 derivation gave no private key')
    const eip155PrivateKey = Uint8Array.from(evmNode.privateKey)
    const solanaPrivateKey = Uint8Array.from(solanaNode.privateKey)
    const solanaPublicKey = Uint8Array.from(solanaNode.publicKeyRaw)
    evmNode.wipePrivateData()
    solanaNode.privateKey.fill(0)
    solanaNode.chainCode.fill(0)
    const evmPublicKey = bytesToHex(secp256k1.getPublicKey(eip155PrivateKey, false))
    return {
      mnemonic,
      eip155PrivateKey,
      solanaPrivateKey,
      solanaPublicKey,
      addresses: {
        eip155: publicKeyToAddress(evmPublicKey),
        solana: base58.encode(solanaPublicKey),
      },
    }
  } finally {
    seed.fill(0)
  }
}
