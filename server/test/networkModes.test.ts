// Network modes of a run: `record` saves a tool's real exchanges as a cassette, `replay` answers from it with no real
// traffic (the API server is stopped first) and fails a changed request naming the closest recorded one, `mock`
// answers from rules (status, delay, network error, unmatched requests). Against a local server on 127.0.0.1 only.

import { createServer, type Server } from 'node:http'
import { once } from 'node:events'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cassette, RunEvent } from '../../src/shared/protocol.ts'
import { fileURLToPath } from 'node:url'
import { FIXTURES, startTestServer, tempDir, waitForEvent, type TestServer } from './helpers.ts'

let api: Server
let base = ''
let requests = 0
const counters = new Map<string, number>()

async function startApi(): Promise<void> {
  api = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      requests++
      const url = new URL(req.url ?? '/', 'http://x')
      const n = (counters.get(url.pathname) ?? 0) + 1
      counters.set(url.pathname, n)
      res.setHeader('content-type', 'application/json')
      res.setHeader('set-cookie', 'session=server-secret-42')
      res.end(
        JSON.stringify({
          path: url.pathname,
          n,
          i: Number(url.searchParams.get('i')),
          key: req.headers['x-api-key'] ? 'sent' : 'none',
        }),
      )
    })
  })
  api.listen(0, '127.0.0.1')
  await once(api, 'listening')
  base = `http://127.0.0.1:${(api.address() as { port: number }).port}`
}

let server: TestServer
let project: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => {
  await startApi()
  project = await tempDir()
  const library = fileURLToPath(new URL('./fixtures/library/', import.meta.url))
  server = await startTestServer({
    paths: [FIXTURES, library],
    scenariosDir: join(project.dir, 'toolscope', 'scenarios'),
  })
})
afterAll(async () => {
  api.close()
  await server.close()
  await project.cleanup()
})

const finished = (events: RunEvent[]) => events.at(-1) as Extract<RunEvent, { type: 'run-finished' }>
const outputOf = (events: RunEvent[]) =>
  (events.find((e) => e.type === 'output') as Extract<RunEvent, { type: 'output' }> | undefined)?.views
const errorOf = (events: RunEvent[]) =>
  events.find((e) => e.type === 'error') as Extract<RunEvent, { type: 'error' }> | undefined

async function run(body: Record<string, unknown>): Promise<{ runId: string; events: RunEvent[] }> {
  const runId = await server.startRun(body as never)
  return { runId, events: await server.events(runId) }
}

async function cassetteFile(toolId: string, name: string): Promise<Cassette> {
  return JSON.parse(
    await readFile(join(project.dir, 'toolscope', 'cassettes', toolId, `${name}.json`), 'utf8'),
  ) as Cassette
}

describe('record, then replay with the API server stopped', () => {
  const recorded: Record<string, RunEvent[]> = {}

  // The first record runs load axios and fresh workers: on a loaded 2-core machine that took over the default 20 s.
  it('records fetch, node:http and axios exchanges as cassettes named by the run request', {
    timeout: 60_000,
  }, async () => {
    for (const [toolId, input] of [
      ['fetch-json', { url: `${base}/items?api_key=k-123456&page=2` }],
      ['post-http', { url: `${base}/orders`, payload: { sku: 'A1', qty: 2 } }],
      ['axios-get', { url: `${base}/lib` }],
    ] as const) {
      const { runId, events } = await run({ toolId, input, network: 'record', cassette: 'first' })
      expect(finished(events).status).toBe('success')
      recorded[toolId] = events
      const cassette = await cassetteFile(toolId, 'first')
      expect(cassette).toMatchObject({
        version: 1,
        toolId,
        exchanges: [
          {
            request: { method: toolId === 'post-http' ? 'POST' : 'GET' },
            response: { status: toolId === 'post-http' ? 200 : 200 },
          },
        ],
      })
      expect(cassette.$schema).toMatch(/src\/testbench\/cassette\.schema\.json$/)
      // The same cassette is kept with the run (save it again under another name later).
      const kept = await server.api(`/api/runs/${runId}/cassette`)
      expect(kept.status).toBe(200)
      expect(((await kept.json()) as Cassette).exchanges).toEqual(cassette.exchanges)
    }
    expect(requests).toBe(3)
  })

  it('replays them with identical views and no traffic once the server is stopped', async () => {
    api.close()
    await once(api, 'close')
    const before = requests
    for (const [toolId, input] of [
      ['fetch-json', { url: `${base}/items?api_key=k-123456&page=2` }],
      ['post-http', { url: `${base}/orders`, payload: { qty: 2, sku: 'A1' } }],
      ['axios-get', { url: `${base}/lib` }],
    ] as const) {
      const { events } = await run({ toolId, input, network: 'replay', cassette: 'first' })
      expect(finished(events).status, JSON.stringify(errorOf(events))).toBe('success')
      expect(outputOf(events)).toEqual(outputOf(recorded[toolId]!))
      expect(events.find((e) => e.type === 'http-response')).toMatchObject({
        answeredBy: { source: 'cassette', index: 0 },
      })
    }
    expect(requests).toBe(before)
  })

  it('a changed request ends the run naming it and the closest recorded one', async () => {
    const { events } = await run({
      toolId: 'fetch-json',
      input: { url: `${base}/items?api_key=k-123456&page=3` },
      network: 'replay',
      cassette: 'first',
    })
    expect(finished(events).status).toBe('error')
    const message = errorOf(events)!.message
    expect(message).toContain(`No recorded response for GET ${base}/items?api_key=%5BREDACTED%5D&page=3`)
    expect(message).toContain(
      `Closest recorded: GET ${base}/items?api_key=%5BREDACTED%5D&page=2 (differs in query page)`,
    )
    expect(events.find((e) => e.type === 'http-error')).toMatchObject({
      message: expect.stringContaining('No recorded response'),
    })
  })

  it('a missing cassette is refused before the run starts, with the file it looked for', async () => {
    const res = await server.api('/api/runs', {
      method: 'POST',
      json: { toolId: 'fetch-json', input: { url: base }, network: 'replay', cassette: 'nope' },
    })
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({
      code: 'unknown-cassette',
      error: expect.stringContaining(join('toolscope', 'cassettes', 'fetch-json', 'nope.json')),
    })
  })

  it('no secret reaches events, history or cassette files', async () => {
    const files: string[] = []
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) await walk(path)
        else files.push(path)
      }
    }
    await walk(project.dir)
    await walk(server.dataDir)
    expect(files.some((f) => f.endsWith('.json'))).toBe(true)
    // Secrets the tools send in headers and the server sets in a cookie; the query's key is in the run's own input
    // (kept in history as typed), so it is looked for in the cassettes only.
    const secrets = ['sk-live-abcdef123456', 's3cr3t', 'ak-secret-998877', 'server-secret-42']
    for (const file of files) {
      const text = await readFile(file, 'latin1')
      for (const secret of file.startsWith(project.dir) ? [...secrets, 'k-123456'] : secrets)
        expect(text.includes(secret), `${secret} in ${file}`).toBe(false)
    }
    for (const events of Object.values(recorded))
      for (const secret of secrets) expect(JSON.stringify(events)).not.toContain(secret)
  })
})

describe('replay order and parking', () => {
  it('repeats of one request are answered in recorded order, across a suspend (the run leaves its worker)', async () => {
    await startApi()
    const url = `${base}/count-${Date.now()}`
    const first = await server.startRun({
      toolId: 'fetch-suspend',
      input: { url },
      network: 'record',
      cassette: 'twice',
    } as never)
    const suspended = await waitForEvent(server, first, (e) => e.type === 'suspended')
    expect(suspended.find((e) => e.type === 'suspended')).toMatchObject({ payload: { first: { n: 1 } } })
    expect(
      (
        await server.api(`/api/runs/${first}/control`, {
          method: 'POST',
          json: { type: 'resume', resumeData: { go: true } },
        })
      ).status,
    ).toBe(200)
    const live = await server.events(first)
    expect(outputOf(live)?.raw).toMatchObject({ second: { n: 2 } })
    api.close()

    const again = await server.startRun({
      toolId: 'fetch-suspend',
      input: { url },
      network: 'replay',
      cassette: 'twice',
    } as never)
    expect(
      (await waitForEvent(server, again, (e) => e.type === 'suspended')).find((e) => e.type === 'suspended'),
    ).toMatchObject({ payload: { first: { n: 1 } } })
    expect(
      (
        await server.api(`/api/runs/${again}/control`, {
          method: 'POST',
          json: { type: 'resume', resumeData: { go: true } },
        })
      ).status,
    ).toBe(200)
    expect(outputOf(await server.events(again))?.raw).toMatchObject({ second: { n: 2 } })
  })

  it('1,000 requests record and replay without losing or reordering an exchange', { timeout: 60_000 }, async () => {
    await startApi()
    const recordedRun = await run({
      toolId: 'fetch-many',
      input: { url: `${base}/many`, count: 1_000 },
      network: 'record',
      cassette: 'thousand',
    })
    const expected = Array.from({ length: 1_000 }, (_, i) => i)
    expect(outputOf(recordedRun.events)?.raw).toEqual({ seen: expected })
    const cassette = await cassetteFile('fetch-many', 'thousand')
    expect(cassette.exchanges.map((e) => new URL(e.request.url).searchParams.get('i'))).toEqual(expected.map(String))
    api.close()
    const replayed = await run({
      toolId: 'fetch-many',
      input: { url: `${base}/many`, count: 1_000 },
      network: 'replay',
      cassette: 'thousand',
    })
    expect(outputOf(replayed.events)?.raw).toEqual({ seen: expected })
    const answered = replayed.events.flatMap((e) => (e.type === 'http-response' ? [e.answeredBy?.index] : []))
    expect(answered).toEqual(expected)
  })
})

describe('mock', () => {
  const url = 'https://api.example.com/v1/quote'

  it('answers a 429 then a success: the tool retries and the events say which rule answered', async () => {
    const { events } = await run({
      toolId: 'fetch-retry',
      input: { url },
      network: 'mock',
      mocks: {
        rules: [
          { url: 'https://api.example.com/*', response: { status: 429, json: { error: 'slow down' } }, times: 1 },
          { method: 'GET', url, response: { json: { price: 42 } }, delayMs: 30 },
        ],
      },
    })
    expect(outputOf(events)?.raw).toEqual({ statuses: [429, 200], body: { price: 42 } })
    const responses = events.filter((e) => e.type === 'http-response')
    expect(responses.map((e) => [e.statusCode, e.answeredBy])).toEqual([
      [429, { source: 'mock', index: 0 }],
      [200, { source: 'mock', index: 1 }],
    ])
    expect(responses[1]!.durationMs).toBeGreaterThanOrEqual(25)
  })

  it('a network error rule reaches the tool as fetch failing', async () => {
    const { events } = await run({
      toolId: 'fetch-retry',
      input: { url },
      network: 'mock',
      mocks: { rules: [{ url, error: 'getaddrinfo ENOTFOUND api.example.com' }] },
    })
    expect(outputOf(events)?.raw).toEqual({
      statuses: [],
      error: 'fetch failed: getaddrinfo ENOTFOUND api.example.com',
    })
    expect(events.find((e) => e.type === 'http-error')).toMatchObject({
      message: 'getaddrinfo ENOTFOUND api.example.com',
      answeredBy: { source: 'mock', index: 0 },
    })
  })

  it('an unmatched request fails the run by default, or passes through when the mocks say so', async () => {
    const failed = await run({
      toolId: 'fetch-retry',
      input: { url: 'https://other.example.com/x' },
      network: 'mock',
      mocks: { rules: [{ url, response: { json: {} } }] },
    })
    expect(finished(failed.events).status).toBe('error')
    expect(errorOf(failed.events)!.message).toContain(
      'No mock rule matches GET https://other.example.com/x (1 rule; unmatched requests fail)',
    )

    await startApi()
    const passed = await run({
      toolId: 'fetch-retry',
      input: { url: `${base}/real` },
      network: 'mock',
      mocks: { rules: [{ url, response: { json: {} } }], unmatched: 'passthrough' },
    })
    expect(outputOf(passed.events)?.raw).toMatchObject({ statuses: [200], body: { path: '/real' } })
    expect(passed.events.find((e) => e.type === 'http-response')).not.toHaveProperty('answeredBy')
    api.close()
  })
})

describe('fake clock', () => {
  it('a tool that sleeps and polls for 25 s finishes within a 3 s budget, its skipped time in the timeline', async () => {
    const quick = await startTestServer({ timeoutMs: 3_000 })
    try {
      const input = { sleepMs: 10_000, everyMs: 5_000 }
      const fake = await quick.events(
        await quick.startRun({ toolId: 'poll-until-ready', input, clock: 'fake' } as never),
      )
      expect(finished(fake).status).toBe('success')
      const raw = outputOf(fake)?.raw as { polls: number; tookMs: number; stamped: number }
      expect(raw.polls).toBe(3)
      expect(raw.tookMs).toBeGreaterThanOrEqual(25_000)
      expect(raw.stamped).toBeGreaterThanOrEqual(25_000)
      const skips = fake.filter((e) => e.type === 'clock-skipped')
      expect(skips.map((e) => e.type === 'clock-skipped' && e.timer)).toEqual([
        'setTimeout',
        'setInterval',
        'setInterval',
        'setInterval',
      ])
      expect(skips.at(-1)).toMatchObject({ totalMs: expect.any(Number) })
      expect((skips.at(-1) as { totalMs: number }).totalMs).toBeGreaterThanOrEqual(24_900)
      // The same run on the real clock runs out of its budget.
      const real = await quick.events(await quick.startRun({ toolId: 'poll-until-ready', input } as never))
      expect(finished(real).status).toBe('error')
      expect(errorOf(real)?.message).toContain('timed out after 3000 ms')
    } finally {
      await quick.close()
    }
  })
})
