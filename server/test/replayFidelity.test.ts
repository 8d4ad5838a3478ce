// What a tool gets in a replayed run is what it got when the run was recorded: a 5 MB body byte for byte (or, past the
// per-run limit, a run that fails naming the exchange cut), an event stream as the same chunks, a redirect's
// `redirected` and final `url` (as a live run gives them). Real runs through the server and its tool-host workers,
// against a local API server on 127.0.0.1 started here; replays run with it stopped.

import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Cassette, RunEvent } from '../../src/shared/protocol.ts'
import { startTestServer, tempDir, type TestServer } from './helpers.ts'

const BIG = Buffer.alloc(5 * 1024 * 1024)
for (let i = 0; i < BIG.length; i++) BIG[i] = (i * 7919) % 251
const BIG_SHA = createHash('sha256').update(BIG).digest('hex')
const EVENTS = ['data: one\n\n', 'event: tick\ndata: {"n":2}\n\n', 'data: three\n\n']

let api: Server
let base = ''
async function startApi(): Promise<void> {
  api = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (path === '/big') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': BIG.length })
      return void res.end(BIG)
    }
    if (path === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      for (const event of EVENTS) res.write(event)
      return void res.end()
    }
    if (path === '/moved') {
      res.writeHead(302, { location: '/final?step=2' })
      return void res.end()
    }
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end(`final ${req.url}`)
  })
  api.listen(0, '127.0.0.1')
  await once(api, 'listening')
  base = `http://127.0.0.1:${(api.address() as { port: number }).port}`
}
async function stopApi(): Promise<void> {
  api.close()
  api.closeAllConnections()
  await once(api, 'close')
}

let project: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => {
  project = await tempDir()
})
afterAll(() => project.cleanup())
// A test that failed before it stopped the API leaves it to the next one otherwise.
afterEach(async () => {
  if (api?.listening) await stopApi()
})

const outputOf = (events: RunEvent[]) =>
  (events.find((e) => e.type === 'output') as Extract<RunEvent, { type: 'output' }> | undefined)?.output
const finished = (events: RunEvent[]) => events.at(-1) as Extract<RunEvent, { type: 'run-finished' }>
const errorOf = (events: RunEvent[]) =>
  events.find((e) => e.type === 'error') as Extract<RunEvent, { type: 'error' }> | undefined

/** Runs `toolId` on `input` in `network` mode with the cassette `name` (saved under it when recording). */
const run = async (
  server: TestServer,
  toolId: string,
  input: unknown,
  network: 'live' | 'record' | 'replay',
  name: string,
) =>
  server.events(
    await server.startRun({ toolId, input, network, ...(network === 'live' ? {} : { cassette: name }) } as never),
  )

describe('replay gives the tool what the recording got', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ scenariosDir: join(project.dir, 'toolscope', 'scenarios') })
  })
  afterAll(() => server.close())

  it('a 5 MB body byte for byte, an event stream as the same chunks, a redirect as redirected', {
    timeout: 120_000,
  }, async () => {
    await startApi()
    const live = await run(server, 'fetch-digest', { url: `${base}/moved` }, 'live', '')
    expect(outputOf(live)).toEqual({
      status: 200,
      redirected: true,
      url: `${base}/final?step=2`,
      bytes: 19,
      sha256: expect.any(String),
    })
    const calls = [
      ['fetch-digest', { url: `${base}/big` }, 'big'],
      ['fetch-stream', { url: `${base}/events` }, 'events'],
      ['fetch-digest', { url: `${base}/moved` }, 'moved'],
    ] as const
    const recorded: RunEvent[][] = []
    for (const [toolId, input, name] of calls) recorded.push(await run(server, toolId, input, 'record', name))
    await stopApi()
    for (const [i, [toolId, input, name]] of calls.entries()) {
      const replayed = await run(server, toolId, input, 'replay', name)
      expect(finished(replayed).status, JSON.stringify(errorOf(replayed))).toBe('success')
      expect(outputOf(replayed)).toEqual(outputOf(recorded[i]!))
    }
    expect(outputOf(recorded[0]!)).toMatchObject({ bytes: BIG.length, sha256: BIG_SHA })
    expect((outputOf(recorded[1]!) as { chunks: string[] }).chunks.join('')).toBe(EVENTS.join(''))
    expect(outputOf(recorded[2]!)).toEqual(outputOf(live))
  })
})

describe('past the per-run limit', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({
      scenariosDir: join(project.dir, 'small', 'toolscope', 'scenarios'),
      limits: { runBytes: 2 * 1024 * 1024 },
    })
  })
  afterAll(() => server.close())

  it('the recording marks the body cut with its size, and its replay fails naming the exchange', {
    timeout: 120_000,
  }, async () => {
    await startApi()
    const recorded = await run(server, 'fetch-digest', { url: `${base}/big` }, 'record', 'big')
    // The tool got the whole body while it was recorded.
    expect(outputOf(recorded)).toMatchObject({ bytes: BIG.length, sha256: BIG_SHA })
    const file = join(project.dir, 'small', 'toolscope', 'cassettes', 'fetch-digest', 'big.json')
    const cassette = JSON.parse(await readFile(file, 'utf8')) as Cassette
    expect(cassette.exchanges[0]!.response).toMatchObject({
      body: { bytes: BIG.length, truncated: true },
      bodyCut: { reason: 'limit', limitBytes: 2 * 1024 * 1024, originalBytes: BIG.length },
    })
    await stopApi()
    const replayed = await run(server, 'fetch-digest', { url: `${base}/big` }, 'replay', 'big')
    expect(finished(replayed).status).toBe('error')
    const message = `Exchange #0 of the cassette (GET ${base}/big) cannot be replayed: its response body was cut when recorded, the body was ${BIG.length} bytes`
    expect(errorOf(replayed)?.message).toContain(message)
    expect(replayed.find((e) => e.type === 'http-error')).toMatchObject({
      message: expect.stringContaining(message),
      answeredBy: { source: 'cassette', index: 0 },
    })
    expect(outputOf(replayed)).toBeUndefined()
  })
})
