// The one home of secrets: key, header and query rules, redaction by key (messages, stored request contexts,
// headers, URLs), deep copy-on-write scrubbing by value and same-length masking of streamed text.

import { describe, expect, it } from 'vitest'
import {
  collectSecretValues,
  isSecretEntry,
  isSecretKey,
  maskSecrets,
  redactHeaders,
  redactRequestContext,
  redactSecretKeys,
  redactUrl,
  scrubSecrets,
} from './index.ts'

describe('secrets', () => {
  it('detects secret-looking keys case-insensitively', () => {
    for (const key of [
      'password',
      'DB_PASSWORD',
      'clientSecret',
      'token',
      'accessToken',
      'apiKey',
      'OPENAI_API_KEY',
      'Authorization',
      'credentials',
    ])
      expect(isSecretKey(key)).toBe(true)
    for (const key of ['userId', 'locale', 'tenant']) expect(isSecretKey(key)).toBe(false)
  })

  it('redacts secret keys at any depth and collects their values (longest first)', () => {
    const values = {
      user: 'ada',
      apiKey: 'sk-1234',
      nested: { dbPassword: 'hunter22', list: [{ token: 'tok-xyz' }] },
      auth: { bearer: 'bearer-long-value', n: 1234 },
    }
    expect(redactSecretKeys(values)).toEqual({
      user: 'ada',
      apiKey: '[REDACTED]',
      nested: { dbPassword: '[REDACTED]', list: [{ token: '[REDACTED]' }] },
      auth: '[REDACTED]',
    })
    expect(collectSecretValues(values)).toEqual(['bearer-long-value', 'hunter22', 'sk-1234', 'tok-xyz', '1234'])
  })

  it('scrubs strings, keys, arrays, Errors and cycles copy-on-write, leaving untouched branches shared', () => {
    const shared = { keep: 'fine' }
    const cyclic: Record<string, unknown> = { text: 'my sk-1234 key', shared }
    cyclic.self = cyclic
    const out = scrubSecrets(
      { a: [cyclic, 'x'], ['sk-1234']: 1, err: new Error('bad sk-1234'), short: 'pw1', notShort: 'apw1b' },
      ['sk-1234', 'pw1'],
    )
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
  it('redacts a stored request context by the key rule, and leaves a request without one as it is', () => {
    const request = {
      toolId: 't',
      requestContext: { user: 'ada', dbPassword: 'hunter22', nested: [{ accessToken: 'tok' }] },
    }
    expect(redactRequestContext(request)).toEqual({
      toolId: 't',
      requestContext: { user: 'ada', dbPassword: '[REDACTED]', nested: [{ accessToken: '[REDACTED]' }] },
    })
    const bare: { toolId: string; requestContext?: Record<string, unknown> } = { toolId: 't' }
    expect(redactRequestContext(bare)).toBe(bare)
  })

  it('redacts headers by the header rule (built-in names, secret keys, sessions) and by extra names', () => {
    const headers = new Headers({
      authorization: 'Bearer x',
      'x-db-password': 'p',
      'x-session-id': 's',
      'x-tenant': 't',
      accept: 'a',
    })
    expect(redactHeaders(headers, new Set(['x-tenant']))).toEqual({
      authorization: '[REDACTED]',
      'x-db-password': '[REDACTED]',
      'x-session-id': '[REDACTED]',
      'x-tenant': '[REDACTED]',
      accept: 'a',
    })
    expect(isSecretEntry('headers', 'cookie')).toBe(true)
    expect(isSecretEntry('body', 'cookie')).toBe(false)
    expect(isSecretEntry(undefined, 'clientSecret')).toBe(true)
  })

  it('redacts URL passwords and secret query values, the user name and extra names when asked, and keeps other text as written', () => {
    expect(redactUrl('https://u:pw@h.test/p?api_key=k1&Sig=s&page=2')).toBe(
      'https://u:%5BREDACTED%5D@h.test/p?api_key=%5BREDACTED%5D&Sig=%5BREDACTED%5D&page=2',
    )
    expect(redactUrl('https://u:pw@h.test/p?acct=a', { username: true, query: new Set(['acct']) })).toBe(
      'https://%5BREDACTED%5D:%5BREDACTED%5D@h.test/p?acct=%5BREDACTED%5D',
    )
    expect(redactUrl('HTTPS://H.test/p?page=2')).toBe('HTTPS://H.test/p?page=2')
    expect(redactUrl('https://h.test/?key=%5BREDACTED%5D&key=%5BREDACTED%5D')).toBe(
      'https://h.test/?key=%5BREDACTED%5D&key=%5BREDACTED%5D',
    )
    expect(redactUrl('not a url ?key=1')).toBe('not a url ?key=1')
  })
})
