import { describe, expect, it } from 'vitest'
import { Mocks, type Cassette } from '../shared/protocol.ts'
import { mockAnswer, normaliseBody, replay, requestKey, ruleMatches, urlMatches } from './plan.ts'

const json = (value: unknown) => ({ text: JSON.stringify(value), bytes: JSON.stringify(value).length })
const exchange = (method: string, url: string, n: number, body?: unknown) => ({
  request: { method, url, headers: {}, ...(body === undefined ? {} : { body: json(body) }) },
  response: { status: 200, headers: {}, body: json({ n }) },
})

describe('replay matching', () => {
  it('JSON bodies match whatever their key order; other text as is', () => {
    expect(normaliseBody(json({ b: 1, a: { d: 2, c: 3 } }))).toBe(normaliseBody(json({ a: { c: 3, d: 2 }, b: 1 })))
    expect(normaliseBody({ text: 'a=1&b=2', bytes: 7 })).not.toBe(normaliseBody({ text: 'b=2&a=1', bytes: 7 }))
    expect(requestKey({ method: 'get', url: 'https://x/a' })).toBe(requestKey({ method: 'GET', url: 'https://x/a' }))
  })

  it('repeats get the recorded answers in order, then the last one again', () => {
    const cassette: Cassette = {
      version: 1,
      exchanges: [
        exchange('GET', 'https://x/a', 1),
        exchange('GET', 'https://x/b', 9),
        exchange('GET', 'https://x/a', 2),
      ],
    }
    const used = new Map<string, number>()
    const indexes = [1, 2, 3].map(() => replay(cassette, used, { method: 'GET', url: 'https://x/a' }))
    expect(indexes.map((a) => ('index' in a ? a.index : -1))).toEqual([0, 2, 2])
    expect(replay(cassette, used, { method: 'GET', url: 'https://x/b' })).toMatchObject({ index: 1 })
  })

  it('a miss names the request, the closest recorded one and what differs', () => {
    const cassette: Cassette = {
      version: 1,
      exchanges: [
        exchange('POST', 'https://api.x/v1/orders?page=1', 1, { sku: 'A' }),
        exchange('GET', 'https://api.x/v1/users', 2),
      ],
    }
    const miss = replay(cassette, new Map(), {
      method: 'POST',
      url: 'https://api.x/v1/orders?page=2',
      body: json({ sku: 'B' }),
    })
    expect(miss).toEqual({
      miss: expect.stringContaining(
        'No recorded response for POST https://api.x/v1/orders?page=2. Closest recorded: POST https://api.x/v1/orders?page=1 (differs in query page, body)',
      ),
    })
    expect(replay({ version: 1, exchanges: [] }, new Map(), { method: 'GET', url: 'https://x' })).toEqual({
      miss: expect.stringContaining('the cassette has no exchanges'),
    })
  })
})

describe('mock rules', () => {
  it('match method, URL with * and a JSON body subset', () => {
    const rule = Mocks.parse({
      rules: [{ method: 'post', url: 'https://api.x/*/orders', body: { sku: 'A' }, response: { json: {} } }],
    }).rules[0]!
    expect(
      ruleMatches(rule, { method: 'POST', url: 'https://api.x/v1/orders', body: json({ sku: 'A', qty: 2 }) }),
    ).toBe(true)
    expect(ruleMatches(rule, { method: 'GET', url: 'https://api.x/v1/orders', body: json({ sku: 'A' }) })).toBe(false)
    expect(ruleMatches(rule, { method: 'POST', url: 'https://api.x/v1/orders', body: json({ sku: 'B' }) })).toBe(false)
    expect(ruleMatches(rule, { method: 'POST', url: 'https://api.x/v1/orders?x=1', body: json({ sku: 'A' }) })).toBe(
      false,
    )
    // Regular-expression characters in a pattern are literal.
    const dotted = Mocks.parse({ rules: [{ url: 'https://a.b/c?d=1', response: {} }] }).rules[0]!
    expect(ruleMatches(dotted, { method: 'GET', url: 'https://aXb/c?d=1' })).toBe(false)
  })

  it('match pathological patterns at once, with the right answer (a backtracking matcher would not return)', () => {
    const url = `https://x/${'a'.repeat(3_000)}`
    const rule = (pattern: string) => Mocks.parse({ rules: [{ url: pattern, response: {} }] }).rules[0]!
    // 'a*' × 100 then 'b': no 'b' in the URL.
    expect(ruleMatches(rule(`https://x/${'a*'.repeat(100)}b`), { method: 'GET', url })).toBe(false)
    expect(ruleMatches(rule(`https://x/${'a*'.repeat(100)}b`), { method: 'GET', url: `${url}b` })).toBe(true)
    expect(ruleMatches(rule(`*${'*'.repeat(99)}`), { method: 'GET', url })).toBe(true)
    // Beyond what the schema accepts, straight to the matcher: 2,000 'a*' and 5,000 '*' against a 3,000-character URL.
    expect(urlMatches(`${'a*'.repeat(2_000)}b`, 'a'.repeat(3_000))).toBe(false)
    expect(urlMatches('*'.repeat(5_000), url)).toBe(true)
    expect(urlMatches(`${'*'.repeat(5_000)}c`, url)).toBe(false)
  })

  it('`*` pieces are found left to right, the first at the start and the last at the end', () => {
    expect(urlMatches('https://a/*/b', 'https://a/x/y/b')).toBe(true)
    expect(urlMatches('https://a/*/b', 'https://a/b')).toBe(false)
    expect(urlMatches('ab*ba', 'aba')).toBe(false)
    expect(urlMatches('ab*ba', 'abba')).toBe(true)
    expect(urlMatches('*x*x*', 'x')).toBe(false)
    expect(urlMatches('*x*x*', 'xx')).toBe(true)
    expect(urlMatches('a**b', 'ab')).toBe(true)
    expect(urlMatches('*', '')).toBe(true)
    expect(urlMatches('a.c', 'abc')).toBe(false)
  })

  it('a pattern longer than 2,000 characters or with more than 100 `*` is refused when the mocks are loaded', () => {
    const long = Mocks.safeParse({ rules: [{ url: `https://x/${'a'.repeat(2_000)}`, response: {} }] })
    expect(long.success).toBe(false)
    expect(long.error?.issues[0]).toMatchObject({
      path: ['rules', 0, 'url'],
      message: 'a URL pattern is at most 2000 characters',
    })
    const starry = Mocks.safeParse({ rules: [{ url: `https://x/${'*'.repeat(101)}`, response: {} }] })
    expect(starry.success).toBe(false)
    expect(starry.error?.issues[0]).toMatchObject({
      path: ['rules', 0, 'url'],
      message: 'a URL pattern has at most 100 "*"',
    })
    expect(Mocks.safeParse({ rules: [{ url: `https://x/${'a*'.repeat(100)}`, response: {} }] }).success).toBe(true)
  })

  it('`times` lets the next rule answer once a rule has answered enough', () => {
    const mocks = Mocks.parse({
      rules: [
        { url: '*', response: { status: 429 }, times: 2 },
        { url: '*', response: { status: 200 } },
      ],
    })
    const hits: number[] = []
    const answers = [1, 2, 3, 4].map(() => mockAnswer(mocks, hits, { method: 'GET', url: 'https://x' })?.index)
    expect(answers).toEqual([0, 0, 1, 1])
    expect(mockAnswer(Mocks.parse({ rules: [] }), [], { method: 'GET', url: 'https://x' })).toBeUndefined()
  })
})
