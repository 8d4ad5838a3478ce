// Unit tests of the drafts → StartRunBody conversion (what the Run button sends, or why it is disabled).
import { describe, expect, it } from 'vitest'
import { StartRunBody } from '../../shared/protocol.ts'
import { buildStartBody, defaultContextDraft, type RunDrafts } from './startBody.ts'

const drafts = (over: Partial<RunDrafts> = {}): RunDrafts => ({ input: '{"a":1}', requestContext: '', context: defaultContextDraft, ...over })

describe('buildStartBody', () => {
  it('builds a protocol-valid body with every context field', () => {
    const r = buildStartBody('t', drafts({ requestContext: '{"user":"u"}', context: { caller: 'workflow', messages: '[{"role":"user","content":"hi"}]', workflowState: '{"n":1}', chunkSize: '4' } }), true)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(StartRunBody.parse(r.body)).toEqual({
      toolId: 't',
      inputText: '{"a":1}',
      caller: 'workflow',
      stepping: true,
      requestContext: { user: 'u' },
      messages: [{ role: 'user', content: 'hi' }],
      workflowState: { n: 1 },
      stream: { chunkSize: 4 },
    })
  })
  it('gives the reason for invalid drafts', () => {
    expect(buildStartBody('t', drafts({ input: '{"a":' }), false)).toMatchObject({ ok: false, reason: expect.stringMatching(/^Input: Invalid JSON/) })
    expect(buildStartBody('t', drafts({ requestContext: '[1]' }), false)).toEqual({ ok: false, reason: 'Request context: must be a JSON object' })
    expect(buildStartBody('t', drafts({ context: { ...defaultContextDraft, messages: '[1]' } }), false)).toMatchObject({ ok: false, reason: expect.stringMatching(/^Messages/) })
    expect(buildStartBody('t', drafts({ context: { ...defaultContextDraft, chunkSize: '0' } }), false)).toMatchObject({ ok: false, reason: expect.stringMatching(/^Chunk size/) })
  })
})
