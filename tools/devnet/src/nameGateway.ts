import { type DevAccount, deriveDevAccounts } from './accounts.ts'

/**
 * The parent name under which the Foyer server registers names on the devnet: its resolver is the
 * `SignedOffchainResolver`, so `<label>.foyer.eth` is answered by the server's gateway.
 */
export const devnetNameZone = 'foyer.eth'

/**
 * The gateway URL template the devnet's offchain resolvers start with: the Foyer server at its
 * `npm start` address (EIP-3668 GET form; the client fills `{sender}` and `{data}`). Tests whose
 * server listens elsewhere point the resolver there with its owner's `setUrls`.
 */
export const devnetNameGatewayUrl = 'http://127.0.0.1:4400/v1/ccip/{sender}/{data}.json'

/**
 * The key the devnet's offchain resolvers trust to sign gateway answers; the server signs with it
 * (`FOYER_NAME_GATEWAY_KEY`, or read from the devnet file). Index 12 of anvil's mnemonic: none of
 * the dev accounts, the deployer (10) or the on-ramp treasury (11). Public: dev only.
 */
export function devnetNameGatewaySigner(): DevAccount {
  return deriveDevAccounts({ count: 1, start: 12 })[0]!
}
