// Bounded runs: a huge output never takes the server down (it is cut, visibly), a run writing more than its limit
// ends itself with a clear error, live runs are capped (429), runs left waiting expire with a terminal event.

import { describe, expect, it } from 'vitest'
import { finished, startTestServer, waitForEvent } from './helpers.ts'

describe('bounded runs', () => {
  // Building and cutting 150 MB takes seconds on a busy machine: a longer timeout than the suite's default.
  it('a 150 MB output leaves the server up: the output is cut to the payload limit and marked truncated', {
    timeout: 60_000,
  }, async () => {
    const server = await startTestServer()
    try {
      const runId = await server.startRun({ toolId: 'big-output', input: { mb: 150 } })
      const events = await server.events(runId)
      expect(finished(events).status).toBe('success')
      const output = events.find((e) => e.type === 'output')!
      expect(output.truncated?.originalBytes).toBeGreaterThanOrEqual(150 * 1024 * 1024)
      expect(output.truncated?.fields).toContain('views.raw')
      expect(typeof output.views.raw).toBe('string')
      expect((output.views.raw as string).length).toBeLessThanOrEqual(1024 * 1024)
      expect(output.views.raw as string).toMatch(/^x+\.\.\. \[truncated\]$/)
      // The passthrough views are raw itself, carried once and shown again on read.
      expect(output.views.display).toEqual({ value: output.views.raw, passthrough: true })
      // Everything else still works.
      expect(
        finished(await server.events(await server.startRun({ toolId: 'echo', input: { text: 'still here' } }))).status,
      ).toBe('success')
    } finally {
      await server.stop()
    }
  })

  it('a frame a tool forges on its worker port past the worker-side cut is still cut to the payload limit on the main thread', async () => {
    const server = await startTestServer()
    try {
      const events = await server.events(await server.startRun({ toolId: 'forge-frame', input: {} }))
      expect(finished(events).status).toBe('success')
      expect(events.find((e) => e.type === 'output')?.output).toEqual({ forged: true })
      const chunk = events.find((e) => e.type === 'writer-chunk')!
      expect(chunk.truncated?.originalBytes).toBeGreaterThanOrEqual(3 * 1024 * 1024)
      expect(JSON.stringify(chunk.chunk).length).toBeLessThanOrEqual(1024 * 1024 + 2)
    } finally {
      await server.stop()
    }
  })

  it('a tool runs in a worker with a bounded heap: the configured old generation and a small young generation', async () => {
    const server = await startTestServer({ workerHeapMb: 200 })
    try {
      const events = await server.events(await server.startRun({ toolId: 'worker-limits', input: {} }))
      const output = events.find((e) => e.type === 'output')?.output as Record<string, number>
      expect(output).toMatchObject({ maxOldGenerationSizeMb: 200, maxYoungGenerationSizeMb: 4 })
    } finally {
      await server.stop()
    }
  })

  it('a run that writes more than the per-run limit ends itself with a clear error', async () => {
    const server = await startTestServer({ limits: { runBytes: 200_000 } })
    try {
      const runId = await server.startRun({ toolId: 'many-events', input: { count: 5_000, size: 100 } })
      const events = await server.events(runId)
      expect(finished(events).status).toBe('error')
      expect(events.find((e) => e.type === 'error')).toMatchObject({
        message: expect.stringMatching(/more than .* of events \(the per-run limit\)/),
      })
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i))
      expect(
        finished(await server.events(await server.startRun({ toolId: 'echo', input: { text: 'next' } }))).status,
      ).toBe('success')
    } finally {
      await server.stop()
    }
  })

  it('a payload over the configured view limit is cut; one under it is not', async () => {
    const server = await startTestServer({ limits: { payloadBytes: 10_000 } })
    try {
      const small = await server.events(
        await server.startRun({ toolId: 'many-events', input: { count: 1, size: 5_000 } }),
      )
      expect(small.every((e) => e.truncated === undefined)).toBe(true)
      const big = await server.events(
        await server.startRun({ toolId: 'many-events', input: { count: 1, size: 20_000 } }),
      )
      const chunk = big.find((e) => e.type === 'writer-chunk')!
      expect(chunk.truncated).toMatchObject({ fields: ['chunk'] })
      expect(chunk.truncated!.originalBytes).toBeGreaterThan(20_000)
      expect(JSON.stringify(chunk).length).toBeLessThan(11_000)
    } finally {
      await server.stop()
    }
  })

  it('caps live runs with 429 and a clear message', async () => {
    const server = await startTestServer({ maxLiveRuns: 2 })
    try {
      for (let i = 0; i < 2; i++) await server.startRun({ toolId: 'delete-file', input: { path: `p${i}` } })
      const refused = await server.api('/api/runs', { method: 'POST', json: { toolId: 'echo', input: { text: 'x' } } })
      expect(refused.status).toBe(429)
      expect((await refused.json()).error).toMatch(
        /Too many runs in flight \(2 queued, running or waiting; the limit is 2\)/,
      )
    } finally {
      await server.stop()
    }
  })

  it('a run left waiting past the expiry ends as expired, with a terminal event in its log', async () => {
    const server = await startTestServer({ waitingExpiryMs: 200 })
    try {
      const runId = await server.startRun({ toolId: 'delete-file', input: { path: 'p' } })
      const events = await server.events(runId)
      expect(events.map((e) => e.type)).toContain('approval-requested')
      expect(events.at(-1)).toMatchObject({ type: 'run-finished', status: 'expired' })
      const late = await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'approve' } })
      expect(late.status).toBe(409)
      expect((await late.json()).state).toBe('expired')
      // A run that answers in time is not touched.
      const answered = await server.startRun({ toolId: 'delete-file', input: { path: 'q' } })
      await waitForEvent(server, answered, (e) => e.type === 'approval-requested')
      await server.api(`/api/runs/${answered}/control`, { method: 'POST', json: { type: 'approve' } })
      expect(finished(await server.events(answered)).status).toBe('success')
    } finally {
      await server.stop()
    }
  })
})

describe('secrets at rest (run store)', () => {
  it('redacts secret-looking request-context keys in the stored request, the API and every file of the data dir', async () => {
    const { readdir, readFile } = await import('node:fs/promises')
    const { join } = await import('node:path')
    const server = await startTestServer()
    try {
      const secret = 'sk-planted-secret-4242'
      const runId = await server.startRun({
        toolId: 'echo',
        input: { text: 'hi' },
        requestContext: { apiKey: secret, nested: { authToken: secret }, user: 'ann' },
      })
      expect(finished(await server.events(runId)).status).toBe('success')
      const detail = await (await server.api(`/api/runs/${runId}`)).json()
      expect(detail.request.requestContext).toEqual({
        apiKey: '[REDACTED]',
        nested: { authToken: '[REDACTED]' },
        user: 'ann',
      })
      for (const path of ['/api/runs', `/api/runs/${runId}`, `/api/runs/${runId}/events`])
        expect(await (await server.api(path)).text()).not.toContain(secret)
      await server.close()
      for (const name of await readdir(server.dataDir)) {
        const bytes = await readFile(join(server.dataDir, name)).catch(() => Buffer.alloc(0))
        expect(bytes.includes(secret), name).toBe(false)
      }
    } finally {
      await server.stop()
    }
  })
})
