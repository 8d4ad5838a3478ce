// One control vocabulary: `POST /api/runs/:id/control` takes every RunControl, refusals carry an error code, and the
// app maps codes to HTTP statuses (never the message text). The tool host is a fake at its boundary. The legacy
// per-action routes are legacyControlRoutes.test.ts.
import { describe, expect, it } from 'vitest'
import type { ControlFailure, RunControl } from '../../src/shared/protocol.ts'
import { controlApp as setup } from './controlApp.ts'

describe('run controls', () => {
  it('hands each RunControl posted to /control to the host as it is', async () => {
    const { runs, received, post } = setup()
    const runId = await runs.start({ toolId: 'x', input: {} })
    const sent: RunControl[] = [
      { type: 'approve' },
      { type: 'decline', reason: 'no' },
      { type: 'resume', resumeData: { a: 1 } },
      { type: 'respond', action: 'accept', content: { b: 2 } },
      { type: 'respond', action: 'cancel' },
      { type: 'continue' },
      { type: 'abort', reason: 'done' },
    ]
    for (const control of sent) expect((await post(`/api/runs/${runId}/control`, control)).status).toBe(200)
    expect(received).toEqual(sent)
  })

  it('answers a refusal with its code, at the status the code maps to, whatever the message says', async () => {
    const failures: Record<string, ControlFailure> = {
      approve: { code: 'timeout', message: 'slow' },
      decline: { code: 'invalid-state', message: 'nope', state: 'suspended' },
      resume: {
        code: 'invalid-resume-data',
        message: 'bad',
        validationErrors: [{ path: ['seat'], message: 'Required' }],
      },
      continue: { code: 'host-unavailable', message: 'did not answer' },
    }
    const { runs, post } = setup((c) => failures[c.type])
    const runId = await runs.start({ toolId: 'x', input: {} })
    const call = async (control: RunControl) => {
      const res = await post(`/api/runs/${runId}/control`, control)
      return { status: res.status, body: await res.json() }
    }
    expect(await call({ type: 'approve' })).toEqual({
      status: 503,
      body: { error: 'slow', code: 'timeout', state: 'running' },
    })
    expect(await call({ type: 'decline' })).toEqual({
      status: 409,
      body: { error: 'nope', code: 'invalid-state', state: 'suspended' },
    })
    expect(await call({ type: 'resume', resumeData: {} })).toMatchObject({
      status: 422,
      body: { code: 'invalid-resume-data', issues: [{ path: ['seat'], message: 'Required' }] },
    })
    expect(await call({ type: 'continue' })).toMatchObject({ status: 503, body: { code: 'host-unavailable' } })
    expect(await (await post('/api/runs/nope/control', { type: 'approve' })).json()).toMatchObject({
      code: 'unknown-run',
    })
    const bad = await post(`/api/runs/${runId}/control`, { type: 'approve', extra: 1 })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ code: 'invalid-body' })
  })

  it('a control that reaches the host just after the run ended is refused as over (409), not as unknown (404)', async () => {
    const made = setup((_control, runId) => {
      // The run finishes while the approval is on its way; the host no longer knows it.
      made.runs.onEvent(runId, { type: 'run-finished', seq: 0, at: 1, status: 'success', durationMs: 1 })
      return { code: 'unknown-run', message: 'The run is not live in the tool host.' }
    })
    const runId = await made.runs.start({ toolId: 'x', input: {} })
    const res = await made.post(`/api/runs/${runId}/control`, { type: 'approve' })
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ code: 'invalid-state', state: 'success' })
  })
})
