// Unit tests of the drafts → StartRunBody conversion (what the Run button sends, or why it is disabled).
import { describe, expect, it } from 'vitest'
import { StartRunBody } from '../../shared/protocol.ts'
import { buildStartBody, defaultContextDraft, defaultNetworkDraft, type RunDrafts } from './startBody.ts'

const drafts = (over: Partial<RunDrafts> = {}): RunDrafts => ({
  input: '{"a":1}',
  requestContext: '',
  context: defaultContextDraft,
  ...over,
})

describe('buildStartBody', () => {
  it('builds a protocol-valid body with every context field', () => {
    const r = buildStartBody(
      't',
      drafts({
        requestContext: '{"user":"u"}',
        context: {
          caller: 'workflow',
          messages: '[{"role":"user","content":"hi"}]',
          workflowState: '{"n":1}',
          chunkSize: '4',
        },
      }),
      true,
    )
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
    expect(buildStartBody('t', drafts({ input: '{"a":' }), false)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Input: Invalid JSON/),
    })
    expect(buildStartBody('t', drafts({ requestContext: '[1]' }), false)).toEqual({
      ok: false,
      reason: 'Request context: must be a JSON object',
    })
    expect(buildStartBody('t', drafts({ context: { ...defaultContextDraft, messages: '[1]' } }), false)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Messages/),
    })
    expect(buildStartBody('t', drafts({ context: { ...defaultContextDraft, chunkSize: '0' } }), false)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Chunk size/),
    })
  })

  it('adds the network settings: live sends nothing, the other modes their fields, or why not', () => {
    const net = (over: Partial<typeof defaultNetworkDraft>) => drafts({ network: { ...defaultNetworkDraft, ...over } })
    const body = (r: ReturnType<typeof buildStartBody>) => (r.ok ? StartRunBody.parse(r.body) : r)
    expect(body(buildStartBody('t', net({ mode: 'live', cassette: 'x' }), false))).not.toHaveProperty('network')
    expect(body(buildStartBody('t', net({ mode: 'record', recordAs: 'first' }), false))).toMatchObject({
      network: 'record',
      cassette: 'first',
    })
    expect(body(buildStartBody('t', net({ mode: 'record' }), false))).not.toHaveProperty('cassette')
    expect(buildStartBody('t', net({ mode: 'record', recordAs: '../x' }), false)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Record as/),
    })
    expect(buildStartBody('t', net({ mode: 'replay' }), false)).toEqual({
      ok: false,
      reason: 'Replay: choose a cassette',
    })
    expect(body(buildStartBody('t', net({ mode: 'replay', cassette: 'first' }), false))).toMatchObject({
      network: 'replay',
      cassette: 'first',
    })
    expect(
      body(
        buildStartBody(
          't',
          net({ mode: 'mock', mocks: '{"rules":[{"url":"https://x/*","response":{"json":1}}]}' }),
          false,
        ),
      ),
    ).toMatchObject({
      network: 'mock',
      mocks: { rules: [{ url: 'https://x/*', response: { status: 200, json: 1 } }], unmatched: 'fail' },
    })
    expect(buildStartBody('t', net({ mode: 'mock', mocks: '{"rules":[{"url":"x"}]}' }), false)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Mocks: rules\.0/),
    })
    expect(buildStartBody('t', net({ mode: 'mock', mocks: '{' }), false)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Mocks: Invalid JSON/),
    })
  })
})
