// Tool host resilience and reload: hung tools, process.exit, timeouts, duplicate ids, hot reload of an edited file.

import { cp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Catalog, CatalogEvent } from '../../src/shared/protocol.ts'
import {
  DUP_FIXTURES,
  FIXTURES,
  finished,
  readSse,
  startTestServer,
  tempDir,
  waitForEvent,
  type TestServer,
} from './helpers.ts'

describe('a misbehaving tool never takes the server down', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ timeoutMs: 1_500 })
  })
  afterAll(() => server.stop())

  it('aborting a tool stuck in a synchronous loop ends it, and other tools still run', async () => {
    const runId = await server.startRun({ toolId: 'spin', input: {} })
    await waitForEvent(server, runId, (e) => e.type === 'input-available')
    expect(
      (await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'abort', reason: 'stop it' } }))
        .status,
    ).toBe(200)
    const events = await server.events(runId)
    expect(finished(events).status).toBe('aborted')
    expect(events.find((e) => e.type === 'aborted')).toMatchObject({ reason: 'stop it' })
    const ok = await server.events(await server.startRun({ toolId: 'echo', input: { text: 'still here' } }))
    expect(finished(ok).status).toBe('success')
  })

  it('a synchronous loop past the timeout ends with a clear error event', async () => {
    const events = await server.events(await server.startRun({ toolId: 'spin', input: {} }))
    const error = events.find((e) => e.type === 'error')
    expect(error).toMatchObject({ message: expect.stringMatching(/Timed out after 1500 ms/) })
    expect(finished(events).status).toBe('error')
    expect(finished(await server.events(await server.startRun({ toolId: 'upper', input: { text: 'x' } }))).status).toBe(
      'success',
    )
  })

  it('a run waiting for approval is not timed out: the clock only runs while the tool does', async () => {
    const waiting = await server.startRun({ toolId: 'delete-file', input: { path: 'slow-human' } })
    await waitForEvent(server, waiting, (e) => e.type === 'approval-requested')
    // Two runs that each end by the 1.5 s timeout: more than timeout + kill grace (2.5 s) has passed afterwards.
    for (let i = 0; i < 2; i++) {
      const timedOut = await server.events(await server.startRun({ toolId: 'wait-abort', input: {} }))
      expect(finished(timedOut).status).toBe('error')
    }
    expect(
      (await server.api(`/api/runs/${waiting}/control`, { method: 'POST', json: { type: 'approve' } })).status,
    ).toBe(200)
    expect(finished(await server.events(waiting)).status).toBe('success')
  })

  it('process.exit in a tool ends only its run: a run waiting for approval survives it, new runs work', async () => {
    const waiting = await server.startRun({ toolId: 'delete-file', input: { path: 'a' } })
    await waitForEvent(server, waiting, (e) => e.type === 'approval-requested')
    const events = await server.events(await server.startRun({ toolId: 'exit-process', input: {} }))
    expect(events.find((e) => e.type === 'error')).toMatchObject({
      message: expect.stringMatching(/exited with code 3/),
    })
    expect(finished(events).status).toBe('error')
    expect(finished(await server.events(await server.startRun({ toolId: 'echo', input: { text: 'ok' } }))).status).toBe(
      'success',
    )
    expect(
      (await server.api(`/api/runs/${waiting}/control`, { method: 'POST', json: { type: 'approve' } })).status,
    ).toBe(200)
    expect(finished(await server.events(waiting)).status).toBe('success')
  })
})

describe('loading', () => {
  it('reports two tools with one id as an error naming both files', async () => {
    const server = await startTestServer({ paths: [DUP_FIXTURES] })
    try {
      const catalog = Catalog.parse(await (await server.api('/api/tools')).json())
      expect(catalog.tools.map((t) => t.id)).toEqual(['same'])
      expect(catalog.errors).toHaveLength(1)
      expect(catalog.errors[0].message).toMatch(/Duplicate tool id "same".*a\.ts.*b\.ts/)
    } finally {
      await server.stop()
    }
  })

  it('reports a missing path in the catalog', async () => {
    const server = await startTestServer({ paths: [FIXTURES, '/definitely/not/here'] })
    try {
      const catalog = Catalog.parse(await (await server.api('/api/tools')).json())
      expect(catalog.errors.map((e) => e.file)).toContain('/definitely/not/here')
      expect(catalog.tools.length).toBeGreaterThan(3)
    } finally {
      await server.stop()
    }
  })
})

describe('hot reload', () => {
  // Two reloads, each loading fresh workers: far past the default 20 s when the machine is busy.
  it('a changed tool file reloads the host and pushes a catalog event with what changed', {
    timeout: 60_000,
  }, async () => {
    const work = await tempDir()
    // Copied next to the original so its relative import of the runtime still resolves.
    const dir = join(FIXTURES, '..', `reload-${process.pid}`)
    await cp(FIXTURES, dir, { recursive: true })
    const server = await startTestServer({ paths: [dir], watch: true, dataDir: work.dir })
    try {
      await server.api('/api/tools')
      const res = await server.api('/api/catalog/events')
      const frames = readSse(res)
      const file = join(dir, 'basic.ts')
      const source = await readFile(file, 'utf8')
      await writeFile(
        file,
        source
          .replace("description: 'Echoes its text'", "description: 'Echoes its text, edited'")
          .replace("id: 'lower'", "id: 'lower2'"),
      )
      const { value } = await frames.next()
      const event = CatalogEvent.parse(JSON.parse(value!.data))
      expect(value!.event).toBe('catalog-changed')
      // Every tool of the edited file counts as changed: its code may have changed even where its schemas did not.
      expect(event).toMatchObject({ added: ['lower2'], removed: ['lower'] })
      expect(event.changed.toSorted()).toEqual(['chatty', 'echo', 'odd-values', 'upper'])
      const detail = await (await server.api('/api/tools/echo')).json()
      expect(detail.description).toBe('Echoes its text, edited')
      expect(
        finished(await server.events(await server.startRun({ toolId: 'lower2', input: { text: 'AB' } }))).status,
      ).toBe('success')
      // A code-only edit (no schema or description change) still reports the file's tools as changed.
      await writeFile(file, (await readFile(file, 'utf8')).replace('toUpperCase()', 'toUpperCase().trim()'))
      const next = CatalogEvent.parse(JSON.parse((await frames.next()).value!.data))
      expect(next).toMatchObject({ added: [], removed: [] })
      expect(next.changed.toSorted()).toEqual(['chatty', 'echo', 'lower2', 'odd-values', 'upper'])
      await frames.return(undefined)
    } finally {
      await server.stop()
      await work.cleanup()
      const { rm } = await import('node:fs/promises')
      await rm(dir, { recursive: true, force: true })
    }
  })
})
