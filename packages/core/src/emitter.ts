/** A tiny typed event emitter for adapters and connectors (no Node `events` in the browser). */
export type Emitter<eventMap extends Record<string, unknown>> = {
  on<name extends keyof eventMap>(event: name, listener: (data: eventMap[name]) => void): void
  off<name extends keyof eventMap>(event: name, listener: (data: eventMap[name]) => void): void
  emit<name extends keyof eventMap>(event: name, data: eventMap[name]): void
  listenerCount(event: keyof eventMap): number
}

export function createEmitter<eventMap extends Record<string, unknown>>(): Emitter<eventMap> {
  const listeners = new Map<keyof eventMap, Set<(data: never) => void>>()
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener as (data: never) => void)
      listeners.set(event, set)
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener as (data: never) => void)
    },
    emit(event, data) {
      for (const listener of [...(listeners.get(event) ?? [])])
        (listener as (data: unknown) => void)(data)
    },
    listenerCount(event) {
      return listeners.get(event)?.size ?? 0
    },
  }
}
