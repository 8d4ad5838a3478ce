import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { Cassette, Mocks } from '../shared/protocol.ts'
import { cassetteJsonSchema, mocksJsonSchema } from './cassette.ts'

describe('published JSON Schemas of the network files', () => {
  it.each([
    ['cassette.schema.json', cassetteJsonSchema],
    ['mocks.schema.json', mocksJsonSchema],
  ])('src/testbench/%s is up to date (regenerate it from its function when the schema changes)', async (file, make) => {
    const onDisk = JSON.parse(await readFile(new URL(`./${file}`, import.meta.url), 'utf8'))
    expect(onDisk).toEqual(make())
  })

  it('a cassette needs a version and exchanges, each with a response or an error', () => {
    const exchange = { request: { method: 'GET', url: 'https://api.example.com/x' }, response: { status: 200 } }
    expect(Cassette.safeParse({ version: 1, exchanges: [exchange] }).success).toBe(true)
    expect(Cassette.safeParse({ exchanges: [exchange] }).success).toBe(false)
    expect(Cassette.safeParse({ version: 1, exchanges: [{ request: exchange.request }] }).success).toBe(false)
    expect(Cassette.safeParse({ version: 1, exchanges: [{ ...exchange, error: 'ECONNRESET' }] }).success).toBe(false)
  })

  it('mock rules fail unmatched requests by default; a rule has a response or an error', () => {
    expect(
      Mocks.parse({ rules: [{ url: 'https://api.example.com/*', response: { json: { ok: true } } }] }),
    ).toMatchObject({
      unmatched: 'fail',
      rules: [{ response: { status: 200 } }],
    })
    expect(Mocks.safeParse({ rules: [{ url: 'x' }] }).success).toBe(false)
  })
})
