import { type GetSessionsResponse, routes } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import type { Hex } from 'viem'
import {
  listSmartSessions,
  parseSessionAccount,
  registerSmartSession,
  revokeSmartSession,
  sessionNetwork,
} from '../sessions/smartSessions.ts'
import type { ServerContext } from './context.ts'
import { parseInput } from './parseInput.ts'

/**
 * The smart-session registry (SPEC §7 `/v1/sessions/{id}`, `{id}` the CAIP-10 smart account):
 * list, register (checked against the account's signature on chain) and revoke (with the
 * account's signature). Mounted on the main server and on the frame's origin, which registers
 * the sessions it grants (the frame checked the app's origin itself).
 */
export function registerSessionRoutes(
  app: FastifyInstance,
  foyer: ServerContext,
  options: { checkOrigin?: boolean } = {},
): void {
  // The frame's origin is not the app's: there the frame itself vouches for the app origin.
  const checkOrigin = options.checkOrigin ?? true
  app.get(routes.getSessions.path, async (request): Promise<GetSessionsResponse> => {
    const query = parseInput(routes.getSessions.query, request.query, 'query')
    const project = await foyer.requireProject(request, query.projectId, { checkOrigin })
    const params = parseInput(routes.getSessions.params, request.params, 'params')
    const account = parseSessionAccount(params.id)
    return {
      sessions: await listSmartSessions({
        db: foyer.database.db,
        account,
        projectId: project.id,
      }),
    }
  })

  app.post(routes.registerSession.path, async (request) => {
    const query = parseInput(routes.registerSession.query, request.query, 'query')
    const project = await foyer.requireProject(request, query.projectId, { checkOrigin })
    const params = parseInput(routes.registerSession.params, request.params, 'params')
    const session = parseInput(routes.registerSession.body, request.body, 'body')
    const account = parseSessionAccount(params.id)
    const { chain, network } = sessionNetwork({
      account,
      chains: foyer.chains,
      smartAccounts: foyer.smartAccounts,
    })
    return registerSmartSession({
      db: foyer.database.db,
      account,
      chain,
      network,
      projectId: project.id,
      session,
    })
  })

  app.post(routes.revokeSession.path, async (request) => {
    const query = parseInput(routes.revokeSession.query, request.query, 'query')
    const project = await foyer.requireProject(request, query.projectId, { checkOrigin })
    const params = parseInput(routes.revokeSession.params, request.params, 'params')
    const body = parseInput(routes.revokeSession.body, request.body, 'body')
    const account = parseSessionAccount(params.id)
    const { chain } = sessionNetwork({
      account,
      chains: foyer.chains,
      smartAccounts: foyer.smartAccounts,
    })
    return revokeSmartSession({
      db: foyer.database.db,
      account,
      chain,
      projectId: project.id,
      pci: body.pci as Hex,
      signature: body.signature as Hex,
    })
  })
}
