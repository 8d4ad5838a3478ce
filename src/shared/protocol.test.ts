// The wire schemas agree with what the runtime emits: payload fields JSON drops stay optional, model content
// parts are the runtime's own part types, and the one RunControl union carries every control.
import { describe, expect, it } from 'vitest'
import { ApiError, RunControl, RunEvent } from './protocol.ts'

const output = (model: unknown) => ({
  seq: 3,
  at: 1,
  type: 'output',
  output: 1,
  views: { raw: 1, display: { value: 1 }, transcript: { value: 1 }, model },
})

describe('protocol', () => {
  it('accepts a json model output whose value JSON dropped (toModelOutput returned { type: "json" })', () => {
    expect(RunEvent.safeParse(JSON.parse(JSON.stringify(output({ type: 'json', value: undefined })))).success).toBe(
      true,
    )
  })

  it('checks model content parts against the runtime part types', () => {
    expect(
      RunEvent.safeParse(
        output({
          type: 'content',
          value: [
            { type: 'text', text: 'a' },
            { type: 'image-url', url: 'https://x/y.png' },
            { type: 'custom', anything: 1 },
          ],
        }),
      ).success,
    ).toBe(true)
    const bad = RunEvent.safeParse(output({ type: 'content', value: [{ type: 'image-url' }] }))
    expect(bad.success).toBe(false)
  })

  it('has one control vocabulary, strict about unknown fields, and error bodies carry a code', () => {
    expect(RunControl.parse({ type: 'respond', action: 'accept', content: { a: 1 } })).toEqual({
      type: 'respond',
      action: 'accept',
      content: { a: 1 },
    })
    expect(RunControl.safeParse({ type: 'approve', approved: true }).success).toBe(false)
    expect(RunControl.safeParse({ action: 'approve' }).success).toBe(false)
    expect(ApiError.parse({ error: 'x', code: 'invalid-state', state: 'suspended' })).toMatchObject({
      code: 'invalid-state',
    })
    expect(ApiError.safeParse({ error: 'x', code: 'made-up' }).success).toBe(false)
  })
})
