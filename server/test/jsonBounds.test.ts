// The shared JSON bounds (server/http/jsonDepth.ts): depth, keys per object and keys in all, on text before parsing and on
// values parsed elsewhere (MCP arguments), and the CLI's JSON flags held to them.

import { describe, expect, it } from 'vitest'
import { jsonTextBoundsViolation, jsonValueBoundsViolation, parseJsonBounded } from '../http/jsonDepth.ts'
import { jsonFlag } from '../cli/args.ts'
import { startTestServer } from './helpers.ts'

const wide = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))

describe('shared JSON bounds', () => {
  it('counts keys per object and in all, ignoring colons inside strings', () => {
    const bounds = { maxDepth: 10, maxKeysPerObject: 3, maxKeys: 5 }
    expect(jsonTextBoundsViolation('{"a":1,"b":"x:y:z:w","c":{"d":1,"e":2}}', bounds)).toBeUndefined()
    expect(jsonTextBoundsViolation('{"a":1,"b":2,"c":3,"d":4}', bounds)).toMatchObject({
      reason: 'too-many-keys',
      message: expect.stringMatching(/more than 3 keys/),
    })
    expect(jsonTextBoundsViolation('[{"a":1,"b":2},{"a":1,"b":2},{"a":1,"b":2}]', bounds)).toMatchObject({
      reason: 'too-many-keys',
      message: expect.stringMatching(/more than 5 keys in all/),
    })
    expect(jsonTextBoundsViolation('[[[[[[[[[[[1]]]]]]]]]]]', bounds)).toMatchObject({ reason: 'too-deep' })
  })

  it('holds a parsed value to the same bounds as text', () => {
    let deep: unknown = {}
    for (let i = 0; i < 300; i++) deep = { a: deep }
    expect(jsonValueBoundsViolation(deep)).toMatchObject({ reason: 'too-deep' })
    expect(jsonValueBoundsViolation(wide(10_001))).toMatchObject({ reason: 'too-many-keys' })
    expect(jsonValueBoundsViolation(Array.from({ length: 11 }, () => wide(10_000)))).toMatchObject({
      reason: 'too-many-keys',
      message: expect.stringMatching(/in all/),
    })
    expect(jsonValueBoundsViolation({ a: [1, { b: 'c' }], d: wide(10_000) })).toBeUndefined()
    expect(parseJsonBounded(JSON.stringify(wide(50_000)))).toMatchObject({ ok: false, reason: 'too-many-keys' })
  })

  it('refuses a CLI JSON flag past the bounds, naming the flag', () => {
    expect(() => jsonFlag('['.repeat(300) + ']'.repeat(300), '--input')).toThrow(
      /^--input is refused: JSON is nested deeper than 256 levels/,
    )
    expect(() => jsonFlag(JSON.stringify(wide(20_000)), '--input')).toThrow(
      /^--input is refused: a JSON object has more than 10,000 keys/,
    )
    expect(() => jsonFlag('{nope', '--input')).toThrow(/^--input must be JSON/)
    expect(jsonFlag('{"a":[1]}', '--input')).toEqual({ a: [1] })
  })

  it('refuses an HTTP body with too many keys in one object with 400 and the reason', async () => {
    const server = await startTestServer()
    try {
      const res = await server.api('/api/runs', { method: 'POST', json: { toolId: 'echo', input: wide(20_000) } })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({
        code: 'invalid-body',
        error: expect.stringMatching(/a JSON object has more than 10,000 keys/),
      })
    } finally {
      await server.stop()
    }
  })
})
