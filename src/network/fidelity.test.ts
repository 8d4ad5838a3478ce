// What a tool receives under interception is what it receives without it: a large body whole (or, past the recording
// limit, a clear failure on replay), a stream chunk by chunk, a redirect's `redirected` and final `url`, live and
// replayed. Differential: the same requests are made with the fetch and node:http of this thread before interception,
// then routed live, recorded and replayed. Against a local server on 127.0.0.1 started here.

import { once } from 'node:events'
import { createHash } from 'node:crypto'
import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cassette, CassetteExchange } from '../shared/protocol.ts'
import { interceptNetwork, type InterceptOptions } from './index.ts'

// Taken before the first interceptNetwork(): the thread's fetch as it is without Toolscope.
const plainFetch = globalThis.fetch

const BIG = Buffer.alloc(5 * 1024 * 1024)
for (let i = 0; i < BIG.length; i++) BIG[i] = (i * 7919) % 251
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const EVENTS = ['data: one\n\n', 'event: tick\ndata: {"n":2}\n\n', 'data: three\n\n']

let api: Server
let base = ''
let hits = 0
/** The open event stream: the test writes its next event once it has read the previous one (lockstep, no timing). */
let stream: { res: ServerResponse; sent: number } | undefined
let streamOpened: () => void = () => {}

function route(req: IncomingMessage, res: ServerResponse): void {
  hits++
  const path = new URL(req.url ?? '/', 'http://x').pathname
  if (path === '/big') {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': BIG.length })
    return void res.end(BIG)
  }
  if (path === '/events') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    res.write(EVENTS[0])
    stream = { res, sent: 1 }
    return streamOpened()
  }
  if (path === '/moved') {
    res.writeHead(302, { location: '/final?step=2' })
    return void res.end('moved')
  }
  if (path === '/loop') {
    res.writeHead(302, { location: '/loop' })
    return void res.end()
  }
  if (path === '/gzip') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
    return void res.end(gzipSync(JSON.stringify({ zipped: true })))
  }
  res.writeHead(200, { 'content-type': 'text/plain' })
  res.end(`final ${req.url}`)
}

/** Writes the stream's next event (ending the stream after the last one). */
function nextEvent(): void {
  const s = stream!
  s.res.write(EVENTS[s.sent++])
  if (s.sent === EVENTS.length) s.res.end()
}

beforeAll(async () => {
  api = createServer(route)
  api.listen(0, '127.0.0.1')
  await once(api, 'listening')
  base = `http://127.0.0.1:${(api.address() as { port: number }).port}`
})
afterAll(() => api.close())

/** Runs `fn` with this thread's HTTP routed as `options` say; what the interception saw. */
async function routed<T>(
  options: InterceptOptions,
  fn: () => Promise<T>,
): Promise<{ value: T; recorded: CassetteExchange[]; problems: string[]; events: unknown[] }> {
  const network = interceptNetwork(options)
  try {
    const value = await fn()
    return { value, recorded: network.recorded, problems: network.problems, events: network.events }
  } finally {
    network.stop()
  }
}
const cassette = (exchanges: CassetteExchange[]): Cassette => ({ version: 1, exchanges })

/** Reads a body chunk by chunk as text, asking the server for the next event after each one while the stream is open. */
async function readEvents(res: Response, lockstep: boolean): Promise<string[]> {
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  const chunks: string[] = []
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return chunks
    chunks.push(decoder.decode(value))
    if (lockstep && stream && stream.sent < EVENTS.length) nextEvent()
  }
}

describe('bodies', () => {
  it('a 5 MB body is recorded whole and replays byte for byte, without traffic', async () => {
    const record = await routed(
      { mode: 'record' },
      async () => new Uint8Array(await (await fetch(`${base}/big`)).arrayBuffer()),
    )
    expect(sha(record.value)).toBe(sha(BIG))
    expect(record.recorded).toHaveLength(1)
    expect(record.recorded[0]!.response).not.toHaveProperty('bodyCut')
    const before = hits
    const replayed = await routed({ mode: 'replay', cassette: cassette(record.recorded) }, async () => {
      const res = await fetch(`${base}/big`)
      return {
        status: res.status,
        url: res.url,
        redirected: res.redirected,
        type: res.headers.get('content-type'),
        bytes: new Uint8Array(await res.arrayBuffer()),
      }
    })
    expect(replayed.problems).toEqual([])
    expect(replayed.value).toMatchObject({ status: 200, url: `${base}/big`, redirected: false })
    expect(replayed.value.type).toBe('application/octet-stream')
    expect(replayed.value.bytes.length).toBe(BIG.length)
    expect(sha(replayed.value.bytes)).toBe(sha(BIG))
    expect(hits).toBe(before)
  })

  it('past the recording limit the body is marked cut with its size, and its replay fails clearly', async () => {
    const record = await routed(
      { mode: 'record', recordingBytes: 1024 * 1024 },
      async () => (await (await fetch(`${base}/big`)).arrayBuffer()).byteLength,
    )
    // The tool itself still got all of it.
    expect(record.value).toBe(BIG.length)
    const response = record.recorded[0]!.response!
    expect(response.bodyCut).toEqual({ reason: 'limit', limitBytes: 1024 * 1024, originalBytes: BIG.length })
    expect(response.body).toMatchObject({ bytes: BIG.length, truncated: true })
    expect(JSON.stringify(record.recorded[0]).length).toBeLessThanOrEqual(1024 * 1024)

    const replayed = await routed({ mode: 'replay', cassette: cassette(record.recorded) }, async () => {
      try {
        await fetch(`${base}/big`)
        return 'answered'
      } catch (err) {
        return ((err as Error).cause as Error).message
      }
    })
    expect(replayed.value).toMatch(
      /^Exchange #0 of the cassette \(GET http:\/\/127\.0\.0\.1:\d+\/big\) cannot be replayed: its response body was cut when recorded, the body was 5242880 bytes/,
    )
    expect(replayed.problems).toEqual([replayed.value])
    expect(replayed.events).toContainEqual(
      expect.objectContaining({
        type: 'http-error',
        message: replayed.value,
        answeredBy: { source: 'cassette', index: 0 },
      }),
    )
  })
  it('a cassette of an older Toolscope whose body was cut at 1 MiB (`truncated` alone) fails clearly too', async () => {
    const old: CassetteExchange = {
      request: { method: 'GET', url: `${base}/old`, headers: {} },
      response: {
        status: 200,
        headers: { 'content-type': 'text/plain' },
        body: { text: 'x'.repeat(10), bytes: 2_000_000, truncated: true },
      },
    }
    const replayed = await routed({ mode: 'replay', cassette: cassette([old]) }, () =>
      fetch(`${base}/old`).then(
        () => 'answered',
        (err: Error) => (err.cause as Error).message,
      ),
    )
    expect(replayed.value).toBe(
      `Exchange #0 of the cassette (GET ${base}/old) cannot be replayed: its response body was cut when recorded, the body was 2000000 bytes and 10 were kept. Record it again with a larger limit.`,
    )
    expect(replayed.problems).toEqual([replayed.value])
  })
})

describe('streams', () => {
  it('an event stream reaches the tool as it comes, is recorded whole, and replays as the same chunks', async () => {
    const opened = new Promise<void>((resolve) => (streamOpened = resolve))
    // Lockstep: each event is written only once the tool has read the one before, so a recording that waited for the
    // whole body before answering would never answer.
    const record = await routed({ mode: 'record' }, async () => {
      const res = await fetch(`${base}/events`)
      await opened
      return readEvents(res, true)
    })
    expect(record.value.join('')).toBe(EVENTS.join(''))
    const recorded = record.recorded[0]!.response!
    expect(recorded.body?.text).toBe(EVENTS.join(''))
    expect(recorded.chunks).toEqual(record.value.map((c) => Buffer.byteLength(c)))

    const replayed = await routed({ mode: 'replay', cassette: cassette(record.recorded) }, async () => {
      const res = await fetch(`${base}/events`)
      return { type: res.headers.get('content-type'), chunks: await readEvents(res, false) }
    })
    expect(replayed.problems).toEqual([])
    expect(replayed.value.type).toBe('text/event-stream')
    expect(replayed.value.chunks).toEqual(record.value)
  })

  it('a stream the tool stopped reading replays what it read, then fails clearly if read further', async () => {
    const opened = new Promise<void>((resolve) => (streamOpened = resolve))
    const record = await routed({ mode: 'record' }, async () => {
      const res = await fetch(`${base}/events`)
      await opened
      const reader = res.body!.getReader()
      const first = new TextDecoder().decode((await reader.read()).value)
      await reader.cancel()
      return first
    })
    stream?.res.end()
    expect(record.value).toBe(EVENTS[0])
    expect(record.recorded[0]!.response).toMatchObject({ body: { text: EVENTS[0] }, bodyCut: { reason: 'unread' } })

    const replayed = await routed({ mode: 'replay', cassette: cassette(record.recorded) }, async () => {
      const reader = (await fetch(`${base}/events`)).body!.getReader()
      const first = new TextDecoder().decode((await reader.read()).value)
      const further = await reader.read().then(
        () => 'read on',
        (err: Error) => (err.cause as Error).message,
      )
      return { first, further }
    })
    expect(replayed.value.first).toBe(EVENTS[0])
    expect(replayed.value.further).toMatch(
      /^Exchange #0 of the cassette \(GET .*\/events\) was recorded while the tool read \d+ bytes of its response body and then stopped/,
    )
    expect(replayed.problems).toEqual([replayed.value.further])
  })
})

describe('redirects', () => {
  const fetched = async (res: Response) => ({
    status: res.status,
    redirected: res.redirected,
    url: res.url,
    text: await res.text(),
  })

  it('fetch follows a redirect as without interception, live, recorded and replayed', async () => {
    const outside = await fetched(await plainFetch(`${base}/moved`))
    expect(outside).toEqual({ status: 200, redirected: true, url: `${base}/final?step=2`, text: 'final /final?step=2' })
    const live = await routed({ mode: 'live' }, async () => fetched(await fetch(`${base}/moved`)))
    expect(live.value).toEqual(outside)
    const record = await routed({ mode: 'record' }, async () => fetched(await fetch(`${base}/moved`)))
    expect(record.value).toEqual(outside)
    expect(record.recorded[0]!.response).toMatchObject({ status: 200, url: `${base}/final?step=2` })
    const replayed = await routed({ mode: 'replay', cassette: cassette(record.recorded) }, async () =>
      fetched(await fetch(`${base}/moved`)),
    )
    expect(replayed.value).toEqual(outside)
  })

  it('a mock answers for the request URL; a mocked redirect is followed to the rule that answers the final URL', async () => {
    const mocks = {
      rules: [
        { url: `${base}/mocked`, response: { json: { ok: true } } },
        { url: `${base}/hop`, response: { status: 307, headers: { location: '/mocked?via=hop' } } },
        { url: `${base}/mocked?*`, response: { text: 'after the hop' } },
      ],
    }
    const direct = await routed({ mode: 'mock', mocks }, async () => fetched(await fetch(`${base}/mocked`)))
    expect(direct.value).toEqual({ status: 200, redirected: false, url: `${base}/mocked`, text: '{"ok":true}' })
    const hopped = await routed({ mode: 'mock', mocks }, async () => fetched(await fetch(`${base}/hop`)))
    expect(hopped.value).toEqual({
      status: 200,
      redirected: true,
      url: `${base}/mocked?via=hop`,
      text: 'after the hop',
    })
  })

  it('a redirect loop fails after 20 redirects, live as without interception, and mocked', async () => {
    const failure = (f: typeof fetch, url: string) =>
      f(url).then(
        () => 'answered',
        (err: Error) => `${err.message}: ${(err.cause as Error).message}`,
      )
    const outside = await failure(plainFetch, `${base}/loop`)
    expect(outside).toBe('fetch failed: redirect count exceeded')
    expect((await routed({ mode: 'live' }, () => failure(fetch, `${base}/loop`))).value).toBe(outside)
    const mocks = { rules: [{ url: `${base}/loop`, response: { status: 302, headers: { location: '/loop' } } }] }
    const mocked = await routed({ mode: 'mock', mocks }, () => failure(fetch, `${base}/loop`))
    expect(mocked.value).toBe(outside)
    expect(mocked.events.filter((e) => (e as { type: string }).type === 'http-request')).toHaveLength(21)
  })

  it('fetch with redirect "manual" gets the 3xx itself, as without interception', async () => {
    const manual = async (f: typeof fetch) => {
      const res = await f(`${base}/moved`, { redirect: 'manual' })
      return { status: res.status, redirected: res.redirected, location: res.headers.get('location') }
    }
    const outside = await manual(plainFetch)
    expect(outside).toEqual({ status: 302, redirected: false, location: '/final?step=2' })
    expect((await routed({ mode: 'live' }, () => manual(fetch))).value).toEqual(outside)
  })

  it('node:http does not follow a redirect, with interception or without', async () => {
    const status = () =>
      new Promise<number | undefined>((resolve, reject) => {
        get(`${base}/moved`, (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode))
        }).on('error', reject)
      })
    const outside = await status()
    expect(outside).toBe(302)
    expect((await routed({ mode: 'live' }, status)).value).toBe(outside)
    const record = await routed({ mode: 'record' }, status)
    expect(record.value).toBe(outside)
    expect((await routed({ mode: 'replay', cassette: cassette(record.recorded) }, status)).value).toBe(outside)
  })

  it('a compressed body reads the same live as without interception', async () => {
    const outside = await (await plainFetch(`${base}/gzip`)).json()
    expect(outside).toEqual({ zipped: true })
    expect((await routed({ mode: 'live' }, async () => (await fetch(`${base}/gzip`)).json())).value).toEqual(outside)
    const record = await routed({ mode: 'record' }, async () => (await fetch(`${base}/gzip`)).json())
    expect(record.value).toEqual(outside)
    expect(
      (
        await routed({ mode: 'replay', cassette: cassette(record.recorded) }, async () =>
          (await fetch(`${base}/gzip`)).json(),
        )
      ).value,
    ).toEqual(outside)
  })
})
