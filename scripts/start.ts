/** `npm start`: brings up the local world with the demo and keeps it running until Ctrl-C. */
import { startWorld } from './world.ts'

const started = Date.now()
const quiet = (line: string) => {
  if (!/\[demo\]|\[demo-build\]/.test(line) || /error/i.test(line)) console.log(line)
}

try {
  const world = await startWorld({ demo: 'dev', log: quiet })
  console.log(`\nFoyer local world is up (${((Date.now() - started) / 1000).toFixed(1)} s):`)
  for (const [name, url] of Object.entries(world.urls)) console.log(`  ${name.padEnd(28)} ${url}`)
  console.log('\nPress Ctrl-C to stop.')
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`\n${signal}: stopping the local world…`)
    await world.stop()
    console.log('Stopped.')
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
} catch (error) {
  console.error(`\nCould not start the local world: ${(error as Error).message}`)
  process.exit(1)
}
