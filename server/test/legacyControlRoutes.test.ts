// The legacy per-action control routes (server/http/legacyControlRoutes.ts), kept for scripts written against the
// first API: each maps its body to the RunControl `/control` takes and is answered exactly as `/control` answers.
// This is the one test that calls them; every other test drives `/control`. The tool host is a fake at its boundary.

import { describe, expect, it } from 'vitest'
import type { ControlFailure, RunControl } from '../../src/shared/protocol.ts'
import { LEGACY_CONTROL_PATHS } from '../http/legacyControlRoutes.ts'
import { controlApp } from './controlApp.ts'

/** Each legacy route with a body it takes (`undefined`: no body at all), and the RunControl that body stands for. */
const CASES: Array<{ path: string; body: unknown; control: RunControl }> = [
  { path: 'approval', body: { approved: true }, control: { type: 'approve' } },
  { path: 'approval', body: { approved: false, reason: 'no' }, control: { type: 'decline', reason: 'no' } },
  { path: 'resume', body: { resumeData: { a: 1 } }, control: { type: 'resume', resumeData: { a: 1 } } },
  {
    path: 'respond',
    body: { action: 'accept', content: { b: 2 } },
    control: { type: 'respond', action: 'accept', content: { b: 2 } },
  },
  { path: 'respond', body: { action: 'cancel' }, control: { type: 'respond', action: 'cancel' } },
  { path: 'continue', body: undefined, control: { type: 'continue' } },
  { path: 'continue', body: {}, control: { type: 'continue' } },
  { path: 'abort', body: undefined, control: { type: 'abort' } },
  { path: 'abort', body: { reason: 'stop' }, control: { type: 'abort', reason: 'stop' } },
]

describe('legacy control routes', () => {
  it('are all covered here', () => {
    expect([...new Set(CASES.map((c) => c.path))].sort()).toEqual([...LEGACY_CONTROL_PATHS].sort())
  })

  it('each hand the host the same RunControl as /control does with that control', async () => {
    const legacy = controlApp()
    const current = controlApp()
    const legacyRun = await legacy.runs.start({ toolId: 'x', input: {} })
    const currentRun = await current.runs.start({ toolId: 'x', input: {} })
    for (const { path, body, control } of CASES) {
      expect((await legacy.post(`/api/runs/${legacyRun}/${path}`, body)).status).toBe(200)
      expect((await current.post(`/api/runs/${currentRun}/control`, control)).status).toBe(200)
    }
    expect(legacy.received).toEqual(CASES.map((c) => c.control))
    expect(legacy.received).toEqual(current.received)
  })

  it('answer a refusal, an unknown run and a bad body as /control does', async () => {
    const failure: ControlFailure = {
      code: 'invalid-resume-data',
      message: 'bad',
      state: 'suspended',
      validationErrors: [{ path: ['seat'], message: 'Required' }],
    }
    const { runs, post } = controlApp(() => failure)
    const runId = await runs.start({ toolId: 'x', input: {} })
    const answer = async (res: Promise<Response>) => {
      const r = await res
      return { status: r.status, body: await r.json() }
    }
    const refused = await answer(post(`/api/runs/${runId}/control`, { type: 'resume', resumeData: {} }))
    expect(refused.status).toBe(422)
    expect(await answer(post(`/api/runs/${runId}/resume`, { resumeData: {} }))).toEqual(refused)

    const unknown = await answer(post('/api/runs/nope/control', { type: 'abort' }))
    expect(unknown).toMatchObject({ status: 404, body: { code: 'unknown-run' } })
    for (const path of LEGACY_CONTROL_PATHS) expect(await answer(post(`/api/runs/nope/${path}`, {}))).toEqual(unknown)

    expect(await answer(post(`/api/runs/${runId}/approval`, { approved: 'yes' }))).toMatchObject({
      status: 400,
      body: { code: 'invalid-body' },
    })
    expect(await answer(post(`/api/runs/${runId}/approval`))).toMatchObject({
      status: 400,
      body: { code: 'invalid-body' },
    })
  })
})
