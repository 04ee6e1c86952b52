import type { GetConfigResponse } from '@foyer/protocol'

/**
 * What a dialog on `origin` gets from a server's `/appkit/v1/config`: the project's name, or the
 * status the server refused it with.
 */
export async function projectConfigName(parameters: {
  url: string
  projectId: string
  origin?: string
}): Promise<string | number> {
  const { url, projectId, origin } = parameters
  const response = await fetch(`${url}/appkit/v1/config?${new URLSearchParams({ projectId })}`, {
    headers: origin ? { origin } : {},
  })
  if (response.status !== 200) return response.status
  return ((await response.json()) as GetConfigResponse).name
}
