// A cut payload's preview stays in the character range of what it previews: an ASCII output gives an ASCII preview,
// which V8 stores one byte a character (a single "…" would double every copy of a megabyte preview).

import { expect, it } from 'vitest'
import { boundEvent, preview } from '../runs/limits.ts'

/** Every character below U+0100: what V8 stores one byte a character. */
const latin1 = (text: string) => [...text].every((c) => c.charCodeAt(0) < 0x100)

it('cuts to at most the limit and marks the cut in ASCII', () => {
  const text = preview('x'.repeat(2_000_000), 1_048_576)
  expect(text.length).toBeLessThanOrEqual(1_048_576)
  expect(text.endsWith('... [truncated]')).toBe(true)
  expect(latin1(text)).toBe(true)
  expect(latin1(preview({ a: 'y'.repeat(2_000_000) }, 1_048_576))).toBe(true)
  const event = boundEvent({ type: 'output', output: 'z'.repeat(3_000_000) }, 1_048_576) as unknown as {
    output: string
    truncated: { originalBytes: number }
  }
  expect(latin1(event.output)).toBe(true)
  expect(event.truncated.originalBytes).toBeGreaterThanOrEqual(3_000_000)
})
