import type { TestProject } from 'vitest/node'
import { startWorld, type World } from '../../scripts/world.ts'

let world: World | undefined

export async function setup(project: TestProject) {
  const logs: string[] = []
  try {
    world = await startWorld({ demo: 'preview', log: (line) => logs.push(line) })
  } catch (error) {
    console.error(logs.join('\n'))
    throw error
  }
  project.provide('world', { devnet: world.devnet, urls: world.urls })
}

export async function teardown() {
  await world?.stop()
}

declare module 'vitest' {
  export interface ProvidedContext {
    world: { devnet: import('@foyer/devnet').Devnet; urls: Record<string, string> }
  }
}
