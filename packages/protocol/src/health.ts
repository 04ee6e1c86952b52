import * as v from 'valibot'

// GET /health
export const getHealthResponse = v.object({ status: v.literal('ok') })
export type GetHealthResponse = v.InferOutput<typeof getHealthResponse>
