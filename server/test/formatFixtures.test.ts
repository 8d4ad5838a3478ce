// Files written by the version before stored formats carried versions (test/fixtures/formats/v1, made by that code's
// own writers) load and behave as before: scenarios parse unchanged and replay green, the cassette and mock rules read
// back as written, the run file imports with its events and cassette, the demo manifest parses, and the history
// database is upgraded and reads every event back equal. Files and rows of a newer version are refused by name, over
// HTTP with the code `newer-version`, in the CLI with a readable message.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FileVersionError, readDemoManifest, readMocks } from '../../src/shared/formats/formats.ts'
import {
  ApiError,
  ImportRunResponse,
  ReplayAllResponse,
  ScenarioList,
  type Cassette,
  type RunExport,
  type RunRecord,
} from '../../src/shared/protocol.ts'
import { parseScenario } from '../../src/testbench/scenario.ts'
import { mocksFlag } from '../cli/args.ts'
import { createCassetteStore } from '../history/cassetteStore.ts'
import { RunStore } from '../history/runStore.ts'
import { openDatabase } from '../history/sqlite.ts'
import { createScenarioStore } from '../history/scenarioStore.ts'
import { startTestServer, tempDir, type TestServer } from './helpers.ts'

const V1 = fileURLToPath(new URL('../../test/fixtures/formats/v1/', import.meta.url))
const json = (rel: string): unknown => JSON.parse(readFileSync(join(V1, rel), 'utf8'))
const SCENARIOS = ['fetch-json/rates', 'fetch-json/mocked', 'delete-file/approved']

let server: TestServer
let work: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => {
  // A copy: the server may write beside the files (recordings, history), never into the committed fixtures.
  work = await tempDir()
  cpSync(V1, work.dir, { recursive: true })
  server = await startTestServer({ scenariosDir: join(work.dir, 'scenarios') })
})
afterAll(async () => {
  await server.stop()
  await work.cleanup()
})

describe('version 1 files (written before formats carried a version)', () => {
  it('scenario files parse to the objects they hold, through the store too', async () => {
    const store = createScenarioStore(join(V1, 'scenarios'))
    const { scenarios, errors } = await store.list()
    expect(errors).toEqual([])
    for (const rel of SCENARIOS) {
      const text = readFileSync(join(V1, 'scenarios', `${rel}.json`), 'utf8')
      expect(parseScenario(text, rel)).toEqual(JSON.parse(text))
      expect(scenarios.find((s) => s.file.endsWith(`${rel}.json`))?.scenario).toEqual(JSON.parse(text))
    }
  })

  it('a scenario saved again is written with the current version; the rest is unchanged', async () => {
    const store = createScenarioStore(join(work.dir, 'resaved'))
    const legacy = json('scenarios/delete-file/approved.json') as Record<string, unknown>
    expect(legacy.version).toBeUndefined()
    await store.save(legacy as never)
    const written = JSON.parse(
      readFileSync(join(work.dir, 'resaved', 'delete-file', 'approved.json'), 'utf8'),
    ) as Record<string, unknown>
    expect(Object.keys(written)[0]).toBe('version')
    expect(written).toEqual({ version: 1, ...legacy })
  })

  it('scenarios replay green: from their cassette, from their mock rules, with their decisions', {
    timeout: 60_000,
  }, async () => {
    for (const toolId of ['fetch-json', 'delete-file']) {
      const res = await server.api(`/api/scenarios/${toolId}/replay`, { method: 'POST', json: {} })
      expect(res.status).toBe(200)
      const all = ReplayAllResponse.parse(await res.json())
      expect(all.results.map((r) => [r.name, r.passed, r.diff])).toEqual(
        SCENARIOS.filter((s) => s.startsWith(`${toolId}/`))
          .map((s) => [s.split('/')[1], true, expect.any(String)])
          .sort(),
      )
    }
  })

  it('the cassette and the mock rules read back as written', async () => {
    const cassette = await createCassetteStore(join(V1, 'cassettes')).load('fetch-json', 'rates')
    expect(cassette).toEqual(json('cassettes/fetch-json/rates.json'))
    expect(mocksFlag(join(V1, 'mocks.json'))).toEqual(json('mocks.json'))
    expect(readMocks(json('mocks.json')).data).toEqual(json('mocks.json'))
  })

  it('the run file imports with its events and its cassette', async () => {
    const file = json('run-export.json') as RunExport
    const res = await server.api('/api/runs/import', { method: 'POST', json: file })
    expect(res.status).toBe(201)
    const { runId } = ImportRunResponse.parse(await res.json())
    expect(await server.events(runId)).toEqual(file.run.events)
    expect((await (await server.api(`/api/runs/${runId}/cassette`)).json()) as Cassette).toEqual(file.cassette)
  })

  it('the demo manifest parses as written', () => {
    const read = readDemoManifest(json('demo/manifest.json'))
    expect(read.success && read.data).toEqual(json('demo/manifest.json'))
  })

  it('the history database is upgraded and reads every run back equal; new rows carry the events format', async () => {
    const dir = await tempDir()
    try {
      cpSync(join(V1, 'history', 'history.db'), join(dir.dir, 'history.db'))
      const expected = json('history/records.json') as RunRecord[]
      const store = new RunStore({ dataDir: dir.dir })
      try {
        for (const record of expected) expect(store.record(record.runId)).toEqual(record)
        const first = expected[0]!
        expect([...store.eventTexts(first.runId)].map((e) => JSON.parse(e.json))).toEqual(
          first.events.map((e) => expect.objectContaining({ seq: e.seq, type: e.type })),
        )
        store.importRecord({ ...first, runId: 'copy' })
      } finally {
        store.close()
      }
      const db = openDatabase(join(dir.dir, 'history.db'), undefined, true)
      try {
        const formats = db
          .prepare('SELECT DISTINCT e.format AS format FROM events e JOIN runs r ON r.id = e.run_pk WHERE r.run_id = ?')
          .all('copy')
        expect(formats).toEqual([{ format: 1 }])
        expect(db.prepare('SELECT count(*) AS n FROM events WHERE format IS NULL').get()).toEqual({
          n: expected.reduce((n, r) => n + r.events.length, 0),
        })
      } finally {
        db.close()
      }
    } finally {
      await dir.cleanup()
    }
  })
})

describe('files and rows of a newer version', () => {
  const newerMessage = (found: number) =>
    expect.stringMatching(
      new RegExp(
        `is version ${found}, written by a newer Toolscope; this Toolscope reads .* up to version 1\\. Upgrade Toolscope`,
      ),
    )

  it('a run file is refused with newer-version, or with every problem when it is broken too', async () => {
    const file = json('run-export.json') as RunExport
    const newer = await server.api('/api/runs/import', { method: 'POST', json: { ...file, version: 2 } })
    expect(newer.status).toBe(422)
    expect(ApiError.parse(await newer.json())).toMatchObject({ code: 'newer-version', error: newerMessage(2) })
    const broken = await server.api('/api/runs/import', {
      method: 'POST',
      json: { ...file, version: 2, run: { ...file.run, status: 'fine' } },
    })
    expect(broken.status).toBe(400)
    const body = ApiError.parse(await broken.json())
    expect(body.code).toBe('invalid-body')
    expect(body.issues).toEqual([
      { path: ['version'], message: newerMessage(2) },
      expect.objectContaining({ path: ['run', 'status'] }),
    ])
    const newerCassette = await server.api('/api/runs/import', {
      method: 'POST',
      json: { ...file, cassette: { ...file.cassette, version: 2 } },
    })
    expect(newerCassette.status).toBe(422)
    expect(ApiError.parse(await newerCassette.json())).toMatchObject({
      code: 'newer-version',
      error: expect.stringContaining('This cassette is version 2'),
    })
  })

  it('a scenario file is refused with newer-version, and listed among the files that failed to load', async () => {
    const text = readFileSync(join(V1, 'scenarios', 'delete-file', 'approved.json'), 'utf8')
    mkdirSync(join(work.dir, 'scenarios', 'echo'), { recursive: true })
    writeFileSync(
      join(work.dir, 'scenarios', 'echo', 'future.json'),
      JSON.stringify({ ...JSON.parse(text), name: 'future', toolId: 'echo', version: 2 }),
    )
    const res = await server.api('/api/scenarios/echo/future')
    expect(res.status).toBe(422)
    expect(ApiError.parse(await res.json())).toMatchObject({
      code: 'newer-version',
      error: expect.stringContaining('future.json: this scenario file is version 2'),
    })
    const list = ScenarioList.parse(await (await server.api('/api/scenarios?toolId=echo')).json())
    expect(list.errors).toEqual([{ file: expect.stringContaining('future.json'), message: newerMessage(2) }])
  })

  it('a cassette is refused with newer-version before the run starts', async () => {
    const cassette = json('cassettes/fetch-json/rates.json') as Cassette
    writeFileSync(join(work.dir, 'cassettes', 'fetch-json', 'future.json'), JSON.stringify({ ...cassette, version: 2 }))
    const res = await server.api('/api/runs', {
      method: 'POST',
      json: { toolId: 'fetch-json', input: { url: 'http://127.0.0.1:9/x' }, network: 'replay', cassette: 'future' },
    })
    expect(res.status).toBe(422)
    expect(ApiError.parse(await res.json())).toMatchObject({ code: 'newer-version', error: newerMessage(2) })
  })

  it('a mock rules file is refused by the CLI with a message naming the file', () => {
    const file = join(work.dir, 'future-mocks.json')
    writeFileSync(file, JSON.stringify({ ...(json('mocks.json') as object), version: 2 }))
    expect(() => mocksFlag(file)).toThrow(FileVersionError)
    expect(() => mocksFlag(file)).toThrow(
      `--mocks ${file}: this mocks file is version 2, written by a newer Toolscope; this Toolscope reads mocks files up to version 1.`,
    )
  })

  it('a history row of a newer events format is refused when read', async () => {
    const dir = await tempDir()
    try {
      cpSync(join(V1, 'history', 'history.db'), join(dir.dir, 'history.db'))
      const runId = (json('history/records.json') as RunRecord[])[0]!.runId
      new RunStore({ dataDir: dir.dir }).close()
      const db = openDatabase(join(dir.dir, 'history.db'))
      db.prepare('UPDATE events SET format = 2 WHERE seq = 1 AND run_pk = (SELECT id FROM runs WHERE run_id = ?)').run(
        runId,
      )
      db.close()
      const store = new RunStore({ dataDir: dir.dir })
      try {
        expect(() => store.record(runId)).toThrow(FileVersionError)
        expect(() => [...store.eventTexts(runId)]).toThrow(
          'history: this stored event is version 2, written by a newer Toolscope; this Toolscope reads stored events up to version 1.',
        )
      } finally {
        store.close()
      }
    } finally {
      await dir.cleanup()
    }
  })
})
