// Network modes of a run (live, record, replay, mock): cassettes and their exchanges, mock rules, and the file-name
// rule cassettes and scenarios share.

import { z } from 'zod'
import { FORMAT_VERSIONS } from '../formats/versions.ts'
import { HttpBody, HttpHeaders } from './events.ts'

/**
 * What happens to a run's outbound HTTP: `live` real traffic, shown; `record` real traffic, saved as a cassette;
 * `replay` answered from a cassette, no real traffic; `mock` answered by hand-written rules.
 */
export const NetworkMode = z.enum(['live', 'record', 'replay', 'mock'])
export type NetworkMode = z.infer<typeof NetworkMode>

/** Scenario names become file names: letters, digits, dot, dash and underscore, nothing that can climb out of a folder. */
export const SCENARIO_NAME = /^(?!\.)(?!.*\.\.)[A-Za-z0-9._-]{1,100}$/
/** Cassette names become file names too (`toolscope/cassettes/<tool-id>/<name>.json`): the same rule. */
export const CASSETTE_NAME = SCENARIO_NAME

/** Chunk sizes a cassette keeps for one streamed body; later chunks are counted into the last one. */
export const MAX_RECORDED_CHUNKS = 100_000

/**
 * Why a recorded response body is not whole (`body` holds the bytes kept): `limit` it was larger than the recording's
 * byte limit (`limitBytes`; `originalBytes` when the tool read it all), `unread` the tool stopped reading it (or the
 * run ended) before it ended, `error` the network failed in the middle of it (`error`). A replay answers a `limit` cut
 * with an error; the other two give the bytes kept, then fail as recorded (`error`) or clearly (`unread`) if read on.
 */
export const BodyCut = z
  .object({
    reason: z.enum(['limit', 'unread', 'error']),
    limitBytes: z.number().int().nonnegative().optional(),
    originalBytes: z.number().int().nonnegative().optional(),
    error: z.string().optional(),
  })
  .strict()
export type BodyCut = z.infer<typeof BodyCut>

/** One recorded exchange: the request as sent (secrets redacted) and its response, or the network error it met. */
export const CassetteExchange = z
  .object({
    request: z
      .object({
        method: z.string().min(1),
        url: z.string().min(1),
        headers: HttpHeaders.default({}),
        body: HttpBody.optional(),
      })
      .strict(),
    response: z
      .object({
        status: z.number().int().min(100).max(599),
        statusText: z.string().optional(),
        headers: HttpHeaders.default({}),
        body: HttpBody.optional(),
        /** The URL that answered when `fetch` followed redirects (redacted): a replay answers `redirected: true` with it. */
        url: z.string().min(1).optional(),
        /** A streamed body's chunk sizes in bytes, in the order received: a replay delivers the same chunks. */
        chunks: z.array(z.number().int().positive()).max(MAX_RECORDED_CHUNKS).optional(),
        bodyCut: BodyCut.optional(),
      })
      .strict()
      .optional(),
    error: z.string().optional(),
    durationMs: z.number().nonnegative().optional(),
  })
  .strict()
  .refine((e) => (e.response === undefined) !== (e.error === undefined), {
    message: 'an exchange has either a `response` or an `error`',
  })
export type CassetteExchange = z.infer<typeof CassetteExchange>

/** A cassette: the exchanges of a recorded run, in the order they were made. */
export const Cassette = z
  .object({
    $schema: z.string().optional(),
    /** Older versions are upgraded on read (src/shared/formats/). */
    version: z.literal(FORMAT_VERSIONS.cassette),
    /** What the cassette holds, for people (how it was made, what it shows). */
    description: z.string().optional(),
    toolId: z.string().optional(),
    recordedAt: z.string().optional(),
    exchanges: z.array(CassetteExchange).max(10_000),
  })
  .strict()
export type Cassette = z.infer<typeof Cassette>

/** Longest mock URL pattern, in characters, and most `*` in one (matching is linear in the URL either way). */
export const MOCK_URL_MAX_CHARS = 2_000
export const MOCK_URL_MAX_STARS = 100

/**
 * A hand-written answer: requests whose method (any when absent), URL (`*` matches any run of characters; exact
 * otherwise) and body (when given: a JSON value the request's JSON body must contain, or the exact text) match get
 * `response` or fail with `error`. `times` answers only the first N matching requests (a 429, then the next rule).
 */
export const MockRule = z
  .object({
    method: z.string().min(1).optional(),
    url: z
      .string()
      .min(1)
      .max(MOCK_URL_MAX_CHARS, `a URL pattern is at most ${MOCK_URL_MAX_CHARS} characters`)
      .refine((url) => url.split('*').length - 1 <= MOCK_URL_MAX_STARS, {
        message: `a URL pattern has at most ${MOCK_URL_MAX_STARS} "*"`,
      }),
    body: z.unknown().optional(),
    response: z
      .object({
        status: z.number().int().min(100).max(599).default(200),
        headers: HttpHeaders.optional(),
        json: z.unknown().optional(),
        text: z.string().optional(),
      })
      .strict()
      .optional(),
    error: z.string().optional(),
    delayMs: z.number().int().min(0).max(60_000).optional(),
    times: z.number().int().min(1).optional(),
  })
  .strict()
  .refine((r) => (r.response === undefined) !== (r.error === undefined), {
    message: 'a rule has either a `response` or an `error`',
  })
export type MockRule = z.infer<typeof MockRule>

/** Mock rules, tried in order; `unmatched` says what a request no rule matches gets: an error (default) or real traffic. */
export const Mocks = z
  .object({
    $schema: z.string().optional(),
    /** The mocks format's version; rules written before it had none (version 1). */
    version: z.literal(FORMAT_VERSIONS.mocks).optional(),
    rules: z.array(MockRule).max(1_000),
    unmatched: z.enum(['fail', 'passthrough']).default('fail'),
  })
  .strict()
export type Mocks = z.infer<typeof Mocks>

/** `GET /api/tools/:id/cassettes`: the cassette folder and the names of the tool's cassettes. */
export const CassetteList = z.object({ root: z.string(), names: z.array(z.string()) })
export type CassetteList = z.infer<typeof CassetteList>
