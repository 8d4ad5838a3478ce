// RequestContext (Map-like, built from Map / entries / object) and the secret helpers: key detection, redaction,
// deep copy-on-write scrubbing and same-length masking of streamed text.

import { describe, expect, it } from 'vitest'
import { RequestContext, isSecretKey } from './index.ts'
import { collectSecretValues, maskSecrets, redactSecretKeys, scrubSecrets } from './requestContext.ts'

describe('RequestContext', () => {
  it('is built from a Map, entries, a plain object or another context and behaves like a Map', () => {
    for (const init of [new Map([['a', 1]]), [['a', 1]] as Array<[string, unknown]>, { a: 1 }, new RequestContext({ a: 1 })]) {
      const rc = new RequestContext(init)
      expect(rc.get('a')).toBe(1)
      expect(rc.has('a')).toBe(true)
      expect(rc.size()).toBe(1)
    }
    const rc = new RequestContext<{ a: number; b: string }>()
    rc.set('a', 2)
    rc.set('b', 'x')
    expect([...rc.entries()]).toEqual([['a', 2], ['b', 'x']])
    expect([...rc.keys()]).toEqual(['a', 'b'])
    expect([...rc.values()]).toEqual([2, 'x'])
    expect(rc.toJSON()).toEqual({ a: 2, b: 'x' })
    const seen: string[] = []
    rc.forEach((_v, k) => seen.push(k))
    expect(seen).toEqual(['a', 'b'])
    expect(rc.delete('a')).toBe(true)
    expect(JSON.stringify(rc)).toBe('{"b":"x"}')
  })
})

describe('secrets', () => {
  it('detects secret-looking keys case-insensitively', () => {
    for (const key of ['password', 'DB_PASSWORD', 'clientSecret', 'token', 'accessToken', 'apiKey', 'OPENAI_API_KEY', 'Authorization', 'credentials']) expect(isSecretKey(key)).toBe(true)
    for (const key of ['userId', 'locale', 'tenant']) expect(isSecretKey(key)).toBe(false)
  })

  it('redacts secret keys at any depth and collects their values (longest first)', () => {
    const values = { user: 'ada', apiKey: 'sk-1234', nested: { dbPassword: 'hunter22', list: [{ token: 'tok-xyz' }] }, auth: { bearer: 'bearer-long-value', n: 1234 } }
    expect(redactSecretKeys(values)).toEqual({ user: 'ada', apiKey: '[REDACTED]', nested: { dbPassword: '[REDACTED]', list: [{ token: '[REDACTED]' }] }, auth: '[REDACTED]' })
    expect(collectSecretValues(values)).toEqual(['bearer-long-value', 'hunter22', 'sk-1234', 'tok-xyz', '1234'])
  })

  it('scrubs strings, keys, arrays, Errors and cycles copy-on-write, leaving untouched branches shared', () => {
    const shared = { keep: 'fine' }
    const cyclic: Record<string, unknown> = { text: 'my sk-1234 key', shared }
    cyclic.self = cyclic
    const out = scrubSecrets({ a: [cyclic, 'x'], ['sk-1234']: 1, err: new Error('bad sk-1234'), short: 'pw1', notShort: 'apw1b' }, ['sk-1234', 'pw1'])
    expect(out.a[0]).toMatchObject({ text: 'my [REDACTED] key' })
    expect((out.a[0] as Record<string, unknown>).shared).toBe(shared)
    expect(out).toHaveProperty('[REDACTED]', 1)
    expect(out.err).toEqual({ name: 'Error', message: 'bad [REDACTED]' })
    expect(out.short).toBe('[REDACTED]') // short secrets only as whole strings
    expect(out.notShort).toBe('apw1b')
    const untouched = { a: 1 }
    expect(scrubSecrets(untouched, ['zzzz'])).toBe(untouched)
  })

  it('masks secrets in streamed text keeping its length', () => {
    expect(maskSecrets('{"k":"sk-1234"}', ['sk-1234'])).toBe('{"k":"*******"}')
  })
})
