// The listening port: a taken default port moves to the next free one (saying so); a taken port given explicitly is an
// error that suggests --port 0.

import { once } from 'node:events'
import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../index.ts'
import { FIXTURES, tempDir } from './helpers.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const fn of cleanups.splice(0)) await fn()
})

/** Holds `port` (0 = any) on 127.0.0.1; resolves to the port, or undefined when it is already taken by someone else. */
async function occupy(port: number): Promise<number | undefined> {
  const blocker: Server = createServer()
  blocker.listen(port, '127.0.0.1')
  const [event] = await Promise.race([
    once(blocker, 'listening').then(() => ['listening']),
    once(blocker, 'error').then(() => ['error']),
  ])
  if (event === 'error') return undefined
  cleanups.push(() => new Promise((r) => blocker.close(r)))
  return (blocker.address() as { port: number }).port
}

async function start(port?: number, log: (line: string) => void = () => {}): Promise<RunningServer> {
  const t = await tempDir()
  const server = await startServer({ port, watch: false, paths: [FIXTURES], dataDir: t.dir, appDir: t.dir, log })
  cleanups.push(async () => (await server.close(), await t.cleanup()))
  return server
}

describe('port in use', () => {
  it('an explicit port that is taken fails with a message that suggests --port 0', async () => {
    const taken = (await occupy(0))!
    await expect(start(taken)).rejects.toThrow(
      `Port ${taken} is already in use. Stop what uses it, pick another with --port <n>, or use --port 0 for any free port.`,
    )
  })

  it('the default port, when taken, moves to the next free one and says so', async () => {
    await occupy(4400) // taken by this test, or already by something else: either way the default is not free
    const lines: string[] = []
    const server = await start(undefined, (line) => lines.push(line))
    expect(server.port).not.toBe(4400)
    expect(lines).toContain(`Port 4400 is in use; using ${server.port} instead.`)
  })
})
