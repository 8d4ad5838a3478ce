// The redaction pass for published and committed files: secrets found by key (inside JSON text, half-typed JSON,
// headers and URLs too), replaced by key and by value wherever they appear, short values left alone, env refs kept,
// split input deltas masked; and the replay rule that lets a redacted cassette still answer the real request.
import { describe, expect, it } from 'vitest'
import { recordedKeyMatches, replay, requestKey } from '../network/plan.ts'
import type { Cassette, RunEvent, RunRecord } from './protocol.ts'
import { collectSecrets, redactCassette, redactForFile, redactRun, requestSecrets } from './redact.ts'

const views = (value: unknown) => ({ raw: value, display: { value }, transcript: { value } })

describe('collectSecrets', () => {
  it('finds values under secret keys anywhere: nested, in JSON text, in half-typed JSON, in headers and URLs', () => {
    const found = collectSecrets({
      requestContext: { user: 'ann', apiKey: 'sk-ctx-1111', nested: { password: 'hunter22' } },
      inputText: '{"q": "x", "token": "tok-text-2222"}',
      draft: '{"q": "x", "secret": "half-typed-3333", ',
      headers: { authorization: 'Bearer bearer-4444', cookie: 'sid=cookie-5555', accept: 'application/json' },
      url: 'https://api.test/a?api_key=query-6666&page=2',
    })
    expect(found).toEqual(
      expect.arrayContaining([
        'sk-ctx-1111',
        'hunter22',
        'tok-text-2222',
        'half-typed-3333',
        'bearer-4444',
        'sid=cookie-5555',
        'query-6666',
      ]),
    )
    expect(found).not.toContain('ann')
    expect(found).not.toContain('application/json')
  })

  it('takes only single tokens from data (a message about a secret is not one), every value from a request', () => {
    const issues = { apiKey: { _errors: ['Invalid input: expected string, received undefined'] } }
    expect(collectSecrets(issues)).toEqual([])
    expect(requestSecrets({ requestContext: { password: 'correct horse battery' } })).toEqual(['correct horse battery'])
  })

  it('ignores values under 4 characters, [REDACTED] itself and environment references', () => {
    expect(collectSecrets({ token: 'abc', apiKey: '[REDACTED]', password: { $env: 'PASSWORD' } })).toEqual([])
  })

  it('lists longer secrets first, so one containing another is replaced whole', () => {
    expect(requestSecrets({ requestContext: { token: 'abcd', apiKey: 'abcd-efgh' } })).toEqual(['abcd-efgh', 'abcd'])
  })
})

describe('redactForFile', () => {
  it('redacts by key at any depth, keeping shapes, booleans and env refs', () => {
    expect(
      redactForFile({
        auth: { user: 'bob', retries: 3, on: true },
        list: [{ secret: 'zz' }],
        ctx: { apiKey: { $env: 'API_KEY' } },
      }),
    ).toEqual({
      auth: { user: '[REDACTED]', retries: '[REDACTED]', on: true },
      list: [{ secret: '[REDACTED]' }],
      ctx: { apiKey: { $env: 'API_KEY' } },
    })
  })

  it('redacts by value inside longer strings, object keys and non-JSON text, with secrets given or found', () => {
    const out = redactForFile(
      {
        note: 'the key is sk-ctx-1111!',
        byKey: { 'sk-ctx-1111': 1 },
        found: { token: 'tok-found-9999' },
        log: 'sent tok-found-9999',
      },
      ['sk-ctx-1111'],
    )
    expect(out).toEqual({
      note: 'the key is [REDACTED]!',
      byKey: { '[REDACTED]': 1 },
      found: { token: '[REDACTED]' },
      log: 'sent [REDACTED]',
    })
  })

  it('parses JSON text, redacts it as data and writes it back (indented when it was); other text by value', () => {
    expect(redactForFile({ inputText: '{"q":"x","apiKey":"sk-in-1234"}' })).toEqual({
      inputText: '{"q":"x","apiKey":"[REDACTED]"}',
    })
    expect(redactForFile({ inputText: '{\n  "apiKey": "sk-in-1234"\n}' })).toEqual({
      inputText: '{\n  "apiKey": "[REDACTED]"\n}',
    })
    expect(redactForFile({ inputText: '{"apiKey": "sk-in-1234", "q": ' })).toEqual({
      inputText: '{"apiKey": "[REDACTED]", "q": ',
    })
    // Unchanged JSON keeps its formatting.
    expect(redactForFile({ text: '{ "a" : 1 }' })).toEqual({ text: '{ "a" : 1 }' })
  })

  it('takes secrets literally (regular-expression characters are text) and the longest one whole', () => {
    expect(redactForFile({ a: 'x a.b*c(1)+ y axb*c(1)+', b: 'abcd-efgh' }, ['a.b*c(1)+', 'abcd', 'abcd-efgh'])).toEqual(
      { a: 'x [REDACTED] y axb*c(1)+', b: '[REDACTED]' },
    )
  })

  it('scrubs JSON text nested too deep to walk as plain text, without overflowing the stack', () => {
    const deep = `${'['.repeat(200_000)}"sk-deep-1234"${']'.repeat(200_000)}`
    const out = redactForFile({ text: deep }, ['sk-deep-1234'])
    expect(out.text).not.toContain('sk-deep-1234')
    expect(out.text).toContain('[REDACTED]')
  })

  it('leaves secrets under 4 characters alone by value (they would shred unrelated text)', () => {
    expect(redactForFile({ note: 'abc and abcd' }, ['abc', 'abcd'])).toEqual({ note: 'abc and [REDACTED]' })
  })

  it('redacts secret headers and secret query values of URLs', () => {
    expect(
      redactForFile({ headers: { Cookie: 'sid=1', 'x-trace': 'ok' }, url: 'https://h.test/p?key=k-1&page=2' }),
    ).toEqual({
      headers: { Cookie: '[REDACTED]', 'x-trace': 'ok' },
      url: 'https://h.test/p?key=%5BREDACTED%5D&page=2',
    })
  })
})

describe('redactRun', () => {
  const events: RunEvent[] = [
    {
      type: 'input-delta',
      seq: 0,
      at: 0,
      toolCallId: 'c',
      inputTextDelta: '{"apiKey":"sk-sp',
      views: views('{"apiKey":"sk-sp'),
    } as RunEvent,
    {
      type: 'input-delta',
      seq: 1,
      at: 1,
      toolCallId: 'c',
      inputTextDelta: 'lit-7777"}',
      views: views('lit-7777"}'),
    } as RunEvent,
    {
      type: 'output',
      seq: 2,
      at: 2,
      views: {
        ...views({ echoed: 'sk-split-7777', session: { token: 'tok-event-8888' }, again: 'tok-event-8888' }),
        model: { type: 'json', value: 'tok-event-8888' },
      },
    } as RunEvent,
    { type: 'run-finished', seq: 3, at: 3, status: 'success', durationMs: 3 },
  ]
  const record: RunRecord = {
    runId: 'r1',
    toolId: 't',
    status: 'success',
    startedAt: 'now',
    request: { toolId: 't', inputText: '{"apiKey":"sk-split-7777"}' },
    events,
  }

  it('masks secrets split across input deltas and finds secrets the request does not carry in the events', () => {
    const { record: out, secrets } = redactRun(record)
    expect(secrets).toEqual(expect.arrayContaining(['sk-split-7777', 'tok-event-8888']))
    const text = JSON.stringify(out)
    expect(text).not.toContain('sk-split-7777')
    expect(text).not.toContain('sk-sp')
    expect(text).not.toContain('tok-event-8888')
    expect(
      out.events
        .slice(0, 2)
        .map((e) => (e as Extract<RunEvent, { type: 'input-delta' }>).inputTextDelta)
        .join(''),
    ).toBe('{"apiKey":"*************"}')
    expect(out.request.inputText).toBe('{"apiKey":"[REDACTED]"}')
  })

  it('is idempotent: a redacted record comes back unchanged', () => {
    const once = redactRun(record).record
    expect(redactRun(once).record).toEqual(once)
  })
})

describe('replaying a redacted cassette', () => {
  it('matches `[REDACTED]` in a recorded request against whatever the secret is now', () => {
    const recorded = {
      method: 'POST',
      url: 'https://api.test/v1',
      headers: { authorization: 'Bearer sk-ctx-1111' },
      body: { text: '{"key":"sk-ctx-1111","q":"a"}', bytes: 29 },
    }
    const cassette: Cassette = redactCassette(
      {
        version: 1,
        exchanges: [
          {
            request: recorded,
            response: { status: 200, headers: {}, body: { text: '{"echo":"sk-ctx-1111"}', bytes: 22 } },
          },
        ],
      },
      ['sk-ctx-1111'],
    )
    expect(JSON.stringify(cassette)).not.toContain('sk-ctx-1111')
    expect(cassette.exchanges[0]!.request.body?.text).toBe('{"key":"[REDACTED]","q":"a"}')
    const seen = {
      method: 'POST',
      url: 'https://api.test/v1',
      body: { text: '{"q":"a","key":"sk-other-2222"}', bytes: 29 },
    }
    expect(replay(cassette, new Map(), seen)).toMatchObject({ index: 0 })
    expect(replay(cassette, new Map(), { ...seen, body: { text: '{"q":"b","key":"x"}', bytes: 19 } })).toHaveProperty(
      'miss',
    )
  })

  it('keeps the match literal elsewhere', () => {
    expect(recordedKeyMatches('GET a\n{"k":"[REDACTED]"}', 'GET a\n{"k":"v"}')).toBe(true)
    expect(recordedKeyMatches('GET a\n{"k":"[REDACTED]"}', 'GET b\n{"k":"v"}')).toBe(false)
    expect(
      recordedKeyMatches(
        requestKey({ method: 'GET', url: 'https://h.test/?key=%5BREDACTED%5D' }),
        requestKey({ method: 'GET', url: 'https://h.test/?key=live' }),
      ),
    ).toBe(true)
  })
})
