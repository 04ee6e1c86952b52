import {
  type CcipGatewayResponse,
  type GetProfileSuggestionsResponse,
  type NameProfile,
  routes,
} from '@foyer/protocol'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { type Address, getAddress, type Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { InvalidInputError } from '../errors.ts'
import { answerCcipRequest } from '../names/ccipGateway.ts'
import { NamesDisabledError } from '../names/errors.ts'
import { parseRegistrableName } from '../names/parseRegistrableName.ts'
import { registerName } from '../names/registerName.ts'
import { suggestNames } from '../names/suggestNames.ts'
import { addressLookupCacheKeys } from './blockchainRoutes.ts'
import { parseInput } from './parseInput.ts'

export type RegisterNameRoutesParameters = {
  /** The zone names are registered in; none → the suggestion and registration routes answer 404. */
  zone: string | undefined
  /** Signs the CCIP-read gateway's answers; none → no gateway routes. */
  gatewaySigner: PrivateKeyAccount | undefined
}

/**
 * Name registration (SPEC §7: suggestions and `POST /v1/profile/account`) and the EIP-3668
 * gateway that serves the registered names to every ENS client through the zone's offchain
 * resolver. Lookups (`/v1/profile/account/{name}`, reverse, identity) are blockchain routes.
 */
export function registerNameRoutes(
  app: FastifyInstance,
  { zone, gatewaySigner }: RegisterNameRoutesParameters,
): void {
  const { foyer } = app
  // Smart-account signatures are checked on the network whose ENS holds the zone.
  const zoneChain = () => foyer.chains.find((chain) => chain.config.ensUniversalResolver)

  app.get(
    routes.getProfileSuggestions.path,
    async (request): Promise<GetProfileSuggestionsResponse> => {
      const query = parseInput(routes.getProfileSuggestions.query, request.query, 'query')
      await foyer.requireProject(request, query.projectId)
      // Without a zone the route does not exist, whatever is asked.
      if (!zone) throw new NamesDisabledError()
      const params = parseInput(routes.getProfileSuggestions.params, request.params, 'params')
      if (query.zone !== undefined && query.zone.toLowerCase() !== zone)
        throw new InvalidInputError(
          `zone must be ${zone}, the zone this server registers names in`,
          'zone',
        )
      const name = parseRegistrableName(params.name, zone)
      return { suggestions: await suggestNames({ db: foyer.database.db, name }) }
    },
  )

  app.post(routes.postProfileAccount.path, async (request): Promise<NameProfile> => {
    const query = parseInput(routes.postProfileAccount.query, request.query, 'query')
    const project = await foyer.requireProject(request, query.projectId)
    if (!zone) throw new NamesDisabledError()
    const body = parseInput(routes.postProfileAccount.body, request.body, 'body')
    const address = getAddress(body.address)
    const profile = await registerName({
      db: foyer.database.db,
      zone,
      chain: zoneChain(),
      projectId: project.id,
      address,
      message: body.message,
      signature: body.signature as Hex,
    })
    // The address's identity and names changed: the next lookup must not get the cached answer.
    const keys = addressLookupCacheKeys(address)
    await Promise.all([foyer.cache.delete(keys.identity), foyer.cache.delete(keys.reverse)])
    return profile
  })

  if (!zone || !gatewaySigner) return
  // ENS clients send no project: the gateway is public, like any ENS resolver, and is limited
  // per IP as every route is. Its answers are signed for 5 minutes but never cached, so a name
  // resolves the moment it is registered.
  const answer = async (reply: FastifyReply, sender: string, data: string) => {
    reply.header('cache-control', 'no-store')
    const response: CcipGatewayResponse = {
      data: await answerCcipRequest({
        db: foyer.database.db,
        zone,
        signer: gatewaySigner,
        sender: getAddress(sender) as Address,
        data: data as Hex,
      }),
    }
    return response
  }
  app.get(routes.getCcipGateway.path, async (request, reply): Promise<CcipGatewayResponse> => {
    const params = parseInput(routes.getCcipGateway.params, request.params, 'params')
    return answer(reply, params.sender, params['*'])
  })
  app.post(routes.postCcipGateway.path, async (request, reply): Promise<CcipGatewayResponse> => {
    const body = parseInput(routes.postCcipGateway.body, request.body, 'body')
    return answer(reply, body.sender, body.data)
  })
}
