import { authApiErrorSchema, authApiRoutes, embeddedUserRecordSchema } from '@foyer/frame/protocol'
import { errorResponse, routes } from '@foyer/protocol'
import { type ConversionConfig, type JsonSchema, toJsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'

/** One entry of a route table (`routes` of @foyer/protocol, `authApiRoutes` of @foyer/frame). */
type RouteDefinition = {
  readonly method: string
  readonly path: string
  readonly params?: v.GenericSchema
  readonly query?: v.GenericSchema
  readonly body?: v.GenericSchema
  readonly response?: v.GenericSchema
}

type ParameterObject = {
  name: string
  in: 'path' | 'query'
  required: boolean
  description?: string
  schema: JsonSchema
}

type OperationObject = {
  operationId: string
  summary: string
  tags: string[]
  parameters?: ParameterObject[]
  requestBody?: { required: true; content: { 'application/json': { schema: JsonSchema } } }
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>
}

type ServerObject = {
  url: string
  description: string
  variables?: Record<string, { default: string; description: string }>
}

type PathItemObject = {
  servers?: ServerObject[]
} & { [method in Lowercase<HttpMethod>]?: OperationObject }

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type OpenApiDocument = {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string; license: { name: string } }
  jsonSchemaDialect: string
  servers: ServerObject[]
  tags: { name: string; description: string }[]
  paths: Record<string, PathItemObject>
  components: { schemas: Record<string, JsonSchema> }
}

export type CreateOpenApiDocumentParameters = {
  /** The server's version (`info.version`). */
  version: string
  /** Where clients reach the API listener, e.g. `https://foyer.example.com`. */
  serverUrl: string
  /** Where the frame listener (the embedded wallet's own origin) answers; default: a variable. */
  frameUrl?: string | undefined
}

export const openApiPath = '/docs/openapi.json'
export const apiReferencePath = '/docs'

// Paths the frame listener's modules register (deviceApproval.ts, registerSocialRoutes.ts); kept
// literal so that building this document loads no route module. test/openApi.test.ts fails when a
// registered route is missing here.
const socialCallbackPath = '/v1/embedded/social/callback'
const deviceApprovalPath = '/v1/embedded/email/device/approve'

/**
 * Routes that answer a page, a script or a style sheet rather than JSON, described by hand: one
 * per method, path and content type.
 */
const apiPages: PageRoute[] = [
  {
    name: 'getOpenApiDocument',
    method: 'GET',
    path: openApiPath,
    type: 'application/json',
    summary: 'This document (OpenAPI 3.1)',
  },
  {
    name: 'getApiReference',
    method: 'GET',
    path: apiReferencePath,
    type: 'text/html',
    summary: 'This document as a self-contained page',
  },
]
const framePages: PageRoute[] = [
  { name: 'getFramePage', method: 'GET', path: '/', type: 'text/html', summary: 'The frame page' },
  {
    name: 'getFramePageAlias',
    method: 'GET',
    path: '/frame',
    type: 'text/html',
    summary: 'The frame page (the address `@foyer/frame/connector` opens)',
  },
  {
    name: 'getFrameScript',
    method: 'GET',
    path: '/frame.js',
    type: 'text/javascript',
    summary: "The frame page's script (built on the first request)",
  },
  {
    name: 'getFrameStyles',
    method: 'GET',
    path: '/frame.css',
    type: 'text/css',
    summary: "The frame's style sheet",
  },
  {
    name: 'getSecureWindow',
    method: 'GET',
    path: '/secure-window',
    type: 'text/html',
    summary: 'The top-level approval window, used where a covered frame cannot be detected',
  },
  {
    name: 'getSocialCallback',
    method: 'GET',
    path: socialCallbackPath,
    type: 'text/html',
    summary: "The OAuth/OpenID provider's redirect target (query response mode)",
  },
  {
    name: 'postSocialCallback',
    method: 'POST',
    path: socialCallbackPath,
    type: 'text/html',
    summary: "The OAuth/OpenID provider's redirect target (`form_post` response mode, Apple)",
  },
  {
    name: 'getSocialCallbackScript',
    method: 'GET',
    path: `${socialCallbackPath}.js`,
    type: 'text/javascript',
    summary: "The social callback page's script",
  },
  {
    name: 'getDeviceApprovalPage',
    method: 'GET',
    path: deviceApprovalPath,
    type: 'text/html',
    summary: 'The emailed page that approves a new device (`?token=`); showing it changes nothing',
  },
  {
    name: 'postDeviceApproval',
    method: 'POST',
    path: deviceApprovalPath,
    type: 'text/html',
    summary: "The approval page's own form: approves the device or blocks it",
  },
]

/** Rotates the refresh token (every authenticated route also does on demand). */
const frameSessionRefresh = {
  refreshSession: {
    method: 'POST',
    path: '/v1/embedded/session/refresh',
    response: v.object({ user: embeddedUserRecordSchema }),
  },
} as const satisfies Record<string, RouteDefinition>

type PageRoute = {
  name: string
  method: HttpMethod
  path: string
  type: string
  summary: string
}

export const apiTag = 'API'
const frameServerDescription = "The frame listener: the embedded wallet's own origin"

export const frameTag = 'Embedded wallet (frame origin)'
export const framePagesTag = 'Frame pages (frame origin)'

/**
 * The OpenAPI 3.1 description of every HTTP route of the Foyer server, built from the valibot
 * schemas the server validates with (`@foyer/protocol`'s `routes` for the API listener,
 * `@foyer/frame/protocol`'s `authApiRoutes` for the frame listener), so it cannot drift from them.
 * Requests are described by what the server accepts (the schemas' input side: a query's
 * `limit` may be `"10"`), answers by what it sends.
 */
export function createOpenApiDocument(
  parameters: CreateOpenApiDocumentParameters,
): OpenApiDocument {
  const paths: Record<string, PathItemObject> = {}
  const add = (
    table: Record<string, RouteDefinition>,
    tag: string,
    errorRef: string,
    servers?: ServerObject[],
  ) => {
    for (const [name, route] of Object.entries(table)) {
      const path = toOpenApiPath(route.path)
      const item: PathItemObject = paths[path] ?? (servers ? { servers } : {})
      paths[path] = item
      item[route.method.toLowerCase() as Lowercase<HttpMethod>] = toOperation(
        name,
        route,
        tag,
        errorRef,
      )
    }
  }
  const frameServers: ServerObject[] = [
    parameters.frameUrl
      ? { url: parameters.frameUrl, description: frameServerDescription }
      : {
          url: '{frameOrigin}',
          description: frameServerDescription,
          variables: {
            frameOrigin: {
              default: 'http://127.0.0.1:4401',
              description:
                'FOYER_FRAME_PUBLIC_URL (default http://FOYER_FRAME_HOST:FOYER_FRAME_PORT)',
            },
          },
        },
  ]
  add(routes, apiTag, '#/components/schemas/ErrorResponse')
  add(authApiRoutes, frameTag, '#/components/schemas/AuthApiError', frameServers)
  add(frameSessionRefresh, frameTag, '#/components/schemas/AuthApiError', frameServers)
  const addPages = (pages: PageRoute[], tag: string, servers?: ServerObject[]) => {
    for (const page of pages) {
      const path = toOpenApiPath(page.path)
      const item: PathItemObject = paths[path] ?? (servers ? { servers } : {})
      paths[path] = item
      item[page.method.toLowerCase() as Lowercase<HttpMethod>] = {
        operationId: page.name,
        summary: page.summary,
        tags: [tag],
        responses: { '200': { description: 'OK', content: { [page.type]: { schema: {} } } } },
      }
    }
  }
  addPages(apiPages, apiTag)
  addPages(framePages, framePagesTag, frameServers)

  return {
    openapi: '3.1.0',
    info: {
      title: 'Foyer server',
      version: parameters.version,
      description:
        "Every HTTP route of the self-hosted Foyer server. Routes of a project take its id as `projectId` in the query (or the body) and check the request's `Origin` against the project's allowed origins. Errors answer `ErrorResponse` (API) or `AuthApiError` (frame origin) with a 4xx/5xx status.",
      license: { name: 'MIT' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: parameters.serverUrl, description: 'The API listener (FOYER_PORT)' }],
    tags: [
      { name: apiTag, description: 'Called by `@foyer/core` from the app’s page.' },
      {
        name: frameTag,
        description:
          'Called by the secure frame page only, same-origin with its session cookie (httpOnly, SameSite=Strict).',
      },
      {
        name: framePagesTag,
        description: 'Pages, scripts and styles of the frame listener, each with its own CSP.',
      },
    ],
    paths,
    components: {
      schemas: {
        ErrorResponse: convert(errorResponse, 'output'),
        AuthApiError: convert(authApiErrorSchema, 'output'),
      },
    },
  }
}

/** `/v1/identity/:address` → `/v1/identity/{address}`; Fastify's wildcard `*` → `{*}`. */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{*}')
}

function toOperation(
  name: string,
  route: RouteDefinition,
  tag: string,
  errorRef: string,
): OperationObject {
  const parameters = [...toParameters(route.params, 'path'), ...toParameters(route.query, 'query')]
  const operation: OperationObject = {
    operationId: name,
    summary: toSummary(name),
    tags: [tag],
    responses: {
      ...(route.response
        ? {
            '200': {
              description: 'OK',
              content: { 'application/json': { schema: convert(route.response, 'output') } },
            },
          }
        : {
            '200': {
              description: 'The resource (an image)',
              content: { 'image/*': { schema: {} } },
            },
          }),
      default: {
        description: 'Error',
        content: { 'application/json': { schema: { $ref: errorRef } } },
      },
    },
  }
  if (parameters.length > 0) operation.parameters = parameters
  if (route.body) {
    // A body normalised by a transform (one event or a batch) is described by what it becomes.
    const input = convert(route.body, 'input')
    const schema = Object.keys(input).length > 0 ? input : convert(route.body, 'output')
    operation.requestBody = { required: true, content: { 'application/json': { schema } } }
  }
  return operation
}

function toParameters(
  schema: v.GenericSchema | undefined,
  location: 'path' | 'query',
): ParameterObject[] {
  if (!schema) return []
  const object = convert(schema, 'input')
  const required = new Set(Array.isArray(object.required) ? object.required : [])
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = property as JsonSchema & { description?: string }
    const parameter: ParameterObject = {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      schema: propertySchema,
    }
    if (description !== undefined) parameter.description = description
    return parameter
  })
}

const conversion: ConversionConfig = {
  target: 'draft-2020-12',
  // Refinements JSON Schema cannot express (`check`, a second regex) are left out; the types,
  // lengths and patterns stay. Transforms end each side (see `typeMode`).
  errorMode: 'ignore',
}

function convert(schema: v.GenericSchema, side: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...jsonSchema } = toJsonSchema(schema, {
    ...conversion,
    typeMode: side,
  })
  return jsonSchema
}

/** `getSwapQuote` → 'Get swap quote'. */
function toSummary(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
