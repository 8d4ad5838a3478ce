// The file-version machinery: a chain of upgrade steps brings an old document to the current shape (proved with a
// test-only format of three steps), a newer version is refused naming both versions, and every real format reads its
// current version, treats a missing scenario or mocks version as 1 and refuses version current + 1.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  CASSETTE_FILE,
  DEMO_MANIFEST_FILE,
  FORMAT_VERSIONS,
  MOCKS_FILE,
  readCassette,
  readDemoManifest,
  readMocks,
  readRunExport,
  readScenario,
  readStoredEvent,
  RUN_EXPORT_FILE,
  SCENARIO_FILE,
  STORED_EVENT,
} from './formats.ts'
import { defineFormat, FileVersionError, modernize, readDocument, type JsonObject } from './modernize.ts'

// A made-up history of a "note" file: v0 had `text` and no version field, v1 renamed it `body`, v2 wrapped the body
// in a list of paragraphs, v3 added `tags`.
const seen: number[] = []
const NOTE = defineFormat({
  name: 'note file',
  current: 3,
  oldest: 0,
  versionField: 'version',
  missingVersion: 0,
  steps: {
    0: ({ text, ...rest }) => (seen.push(0), { ...rest, body: text }),
    1: ({ body, ...rest }) => (seen.push(1), { ...rest, paragraphs: String(body).split('\n') }),
    2: (doc) => (seen.push(2), { ...doc, tags: [] }),
  },
})
const Note = z
  .object({ version: z.literal(3), title: z.string(), paragraphs: z.array(z.string()), tags: z.array(z.string()) })
  .strict()

describe('modernize', () => {
  it('runs every step from the document’s version up, in order, and sets the version; the input is left alone', () => {
    seen.length = 0
    const v0 = { title: 'a', text: 'one\ntwo' }
    expect(modernize(NOTE, v0)).toEqual({ version: 3, title: 'a', paragraphs: ['one', 'two'], tags: [] })
    expect(seen).toEqual([0, 1, 2])
    expect(v0).toEqual({ title: 'a', text: 'one\ntwo' })

    seen.length = 0
    const read = readDocument(NOTE, Note, { version: 2, title: 'b', paragraphs: ['x'] })
    expect(read.success && read.data).toEqual({ version: 3, title: 'b', paragraphs: ['x'], tags: [] })
    expect(seen).toEqual([2])
    // The current version passes through untouched (the same object).
    const current = { version: 3, title: 'c', paragraphs: [], tags: ['t'] }
    expect(modernize(NOTE, current)).toBe(current)
  })

  it('refuses a newer version naming the format and both versions', () => {
    const newer = () => modernize(NOTE, { version: 4, title: 'x' }, undefined, 'notes/a.json')
    expect(newer).toThrow(FileVersionError)
    expect(newer).toThrow(
      'notes/a.json: this note file is version 4, written by a newer Toolscope; this Toolscope reads note files up to version 3. Upgrade Toolscope to read it.',
    )
    try {
      newer()
    } catch (err) {
      expect(err).toMatchObject({ code: 'newer-version', format: 'note file', found: 4, current: 3 })
    }
  })

  it('leaves a version it cannot read to the schema, which names the field', () => {
    for (const version of ['2', 1.5, -1]) {
      const read = readDocument(NOTE, Note, { version, title: 'x', paragraphs: [], tags: [] })
      expect(read.success ? [] : read.error.issues.map((i) => i.path.join('.'))).toEqual(['version'])
    }
    expect(modernize(NOTE, ['not', 'an', 'object'])).toEqual(['not', 'an', 'object'])
  })

  it('upgrades a version kept beside the document (a history row) and runs the embedded hook last', () => {
    const ROW = defineFormat({
      name: 'row',
      current: 2,
      oldest: 1,
      steps: { 1: (doc) => ({ ...doc, b: 1 }) },
      embedded: (doc) => ({ ...doc, last: Object.keys(doc) }),
    })
    expect(modernize(ROW, { a: 0 }, 1)).toEqual({ a: 0, b: 1, last: ['a', 'b'] })
    expect(() => modernize(ROW, { a: 0 }, 3)).toThrow(/row is version 3.*up to version 2/)
  })

  it('refuses a format whose chain has a gap', () => {
    expect(() => defineFormat({ name: 'gap', current: 3, oldest: 1, steps: { 1: (d: JsonObject) => d } })).toThrow(
      'gap: no upgrade step from version 2 to 3',
    )
    expect(() => defineFormat({ name: 'backwards', current: 1, oldest: 2, steps: {} })).toThrow(/oldest ≤ current/)
  })
})

describe('the stored formats', () => {
  const scenario = { name: 's', toolId: 't', input: {}, expect: { status: 'success' } }
  const cassette = { version: 1, exchanges: [] }
  const mocks = { rules: [{ url: 'https://x/*', response: { status: 200 } }] }
  const manifest = {
    format: 'toolscope-demo',
    version: 1,
    builtAt: 'now',
    catalog: { version: 1, tools: [], errors: [] },
    tools: {},
    runs: [],
  }

  it('are defined at the versions the protocol writes', () => {
    expect(
      [SCENARIO_FILE, CASSETTE_FILE, MOCKS_FILE, RUN_EXPORT_FILE, DEMO_MANIFEST_FILE, STORED_EVENT].map(
        (f) => f.current,
      ),
    ).toEqual([
      FORMAT_VERSIONS.scenario,
      FORMAT_VERSIONS.cassette,
      FORMAT_VERSIONS.mocks,
      FORMAT_VERSIONS.runExport,
      FORMAT_VERSIONS.demoManifest,
      FORMAT_VERSIONS.storedEvent,
    ])
  })

  it('read a scenario or mock rules without a version as version 1, and with it', () => {
    expect(readScenario(scenario).success).toBe(true)
    expect(readScenario({ ...scenario, version: 1 }).data?.version).toBe(1)
    expect(readMocks(mocks).success).toBe(true)
    expect(readMocks({ ...mocks, version: 1 }).data?.version).toBe(1)
    expect(readCassette(cassette).success).toBe(true)
    expect(readDemoManifest(manifest).success).toBe(true)
  })

  it('refuse version current + 1 of every format, embedded cassettes and mock rules included', () => {
    const refusals: Array<[() => unknown, string]> = [
      [
        () => readScenario({ ...scenario, version: FORMAT_VERSIONS.scenario + 1 }, 'a.json'),
        'a.json: this scenario file is version 2',
      ],
      [() => readCassette({ ...cassette, version: FORMAT_VERSIONS.cassette + 1 }), 'This cassette is version 2'],
      [() => readMocks({ ...mocks, version: FORMAT_VERSIONS.mocks + 1 }), 'This mocks file is version 2'],
      [
        () => readRunExport({ format: 'toolscope-run', version: FORMAT_VERSIONS.runExport + 1 }),
        'This run file is version 2',
      ],
      [
        () => readDemoManifest({ ...manifest, version: FORMAT_VERSIONS.demoManifest + 1 }),
        'This demo manifest is version 2',
      ],
      [
        () => readStoredEvent({ type: 'run-started' }, FORMAT_VERSIONS.storedEvent + 1),
        'history: this stored event is version 2',
      ],
      [() => readScenario({ ...scenario, cassette: { ...cassette, version: 2 } }), 'This cassette is version 2'],
      [() => readScenario({ ...scenario, mocks: { ...mocks, version: 2 } }), 'This mocks file is version 2'],
      [
        () =>
          readRunExport({
            format: 'toolscope-run',
            version: 1,
            run: { request: { toolId: 't', cassette: { ...cassette, version: 2 } } },
          }),
        'This cassette is version 2',
      ],
    ]
    for (const [read, message] of refusals) {
      expect(read).toThrow(FileVersionError)
      expect(read).toThrow(message)
      expect(read).toThrow('this Toolscope reads')
    }
  })

  it('pass a stored event of the current version, or of a row older than the format column, through unchanged', () => {
    const event = { seq: 0, at: 0, type: 'run-finished', status: 'success', durationMs: 1 }
    expect(readStoredEvent(event, null)).toBe(event)
    expect(readStoredEvent(event, FORMAT_VERSIONS.storedEvent)).toBe(event)
  })
})
