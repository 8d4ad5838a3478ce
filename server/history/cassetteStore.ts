// Cassettes on disk: `<root>/<tool-id>/<name>.json` beside the scenarios (`toolscope/cassettes` by default), and the
// recording of every run made in network mode `record`, kept with the history (`<dataDir>/recordings/<run-id>.json`)
// so "save as cassette" works after a reload or a restart. Names are checked before any path is built; writes are
// atomic and go through the redaction pass (src/shared/redact.ts); a broken file says what is wrong with it.

import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { FileVersionError, FORMAT_VERSIONS, readCassette } from '../../src/shared/formats/formats.ts'
import { Cassette, type CassetteExchange } from '../../src/shared/protocol.ts'
import { redactCassette } from '../../src/shared/redact.ts'
import { assertScenarioName } from '../../src/testbench/scenario.ts'
import { writeFileAtomic } from './atomicFile.ts'
import { displayPath } from '../displayPath.ts'
import { ownPath } from '../packageRoot.ts'

/** The published cassette schema (`toolscope/cassette.schema.json`), for the `$schema` of a cassette written to disk. */
const CASSETTE_SCHEMA_FILE = ownPath('src', 'testbench', 'cassette.schema.json')

/**
 * A cassette that is missing (`unknown-cassette`), cannot be read (`invalid-body`) or was written by a newer Toolscope
 * (`newer-version`); its message says what to do.
 */
export class CassetteError extends Error {
  constructor(
    message: string,
    readonly code: 'unknown-cassette' | 'invalid-body' | 'newer-version' = 'invalid-body',
  ) {
    super(message)
  }
}

export interface CassetteStore {
  readonly root: string
  /** The cassette file of a tool by name (the file need not exist). */
  fileFor(toolId: string, name: string): string
  load(toolId: string, name: string): Promise<Cassette>
  /** The names of a tool's cassettes, sorted. */
  list(toolId: string): Promise<string[]>
  /**
   * Writes atomically, redacted (by key, and by value with `secrets`, the run's secrets, plus any found in the cassette
   * itself); returns the file written.
   */
  save(toolId: string, name: string, cassette: Cassette, secrets?: readonly string[]): Promise<string>
  /** Keeps a recorded run's cassette with the history, redacted as save() does. */
  saveRecording(runId: string, cassette: Cassette, secrets?: readonly string[]): Promise<void>
  /** A recorded run's cassette, or undefined when the run recorded nothing (or was not recorded). */
  recording(runId: string): Promise<Cassette | undefined>
}

/** A cassette made of recorded exchanges. */
export function newCassette(toolId: string, exchanges: CassetteExchange[]): Cassette {
  return { version: FORMAT_VERSIONS.cassette, toolId, recordedAt: new Date().toISOString(), exchanges }
}

/** Parses a cassette file's text (upgraded from an older version), naming the file and the first problems when it does not fit the format. */
export function parseCassette(text: string, file: string): Cassette {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    throw new CassetteError(`${file} is not valid JSON: ${(err as Error).message}`)
  }
  let parsed: ReturnType<typeof readCassette>
  try {
    parsed = readCassette(json, file)
  } catch (err) {
    if (err instanceof FileVersionError) throw new CassetteError(err.message, 'newer-version')
    throw err
  }
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    throw new CassetteError(`${file} is not a cassette: ${issues.join('; ')}`)
  }
  return parsed.data
}

/** Cassettes under `root`; recordings in `<dataDir>/recordings`, or in memory without a data folder (the CLI). */
export function createCassetteStore(root: string, dataDir?: string): CassetteStore {
  const absRoot = path.resolve(root)
  const recordings = dataDir === undefined ? undefined : path.join(path.resolve(dataDir), 'recordings')
  const inMemory = new Map<string, Cassette>()

  function fileFor(toolId: string, name: string): string {
    assertScenarioName(toolId, 'tool id for a cassette folder')
    assertScenarioName(name, 'cassette name')
    const file = path.join(absRoot, toolId, `${name}.json`)
    if (path.dirname(path.dirname(file)) !== absRoot) throw new CassetteError(`Cassette path escapes ${absRoot}`)
    return file
  }

  const recordingFile = (folder: string, runId: string) => {
    if (!/^[A-Za-z0-9-]{1,100}$/.test(runId)) throw new CassetteError(`Not a run id: ${runId.slice(0, 100)}`)
    return path.join(folder, `${runId}.json`)
  }

  return {
    root: absRoot,
    fileFor,
    async load(toolId, name) {
      const file = fileFor(toolId, name)
      let text: string
      try {
        text = await readFile(file, 'utf8')
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
          throw new CassetteError(
            `No cassette "${name}" for ${toolId}: ${displayPath(file)} does not exist. Record it with the network mode "record" first.`,
            'unknown-cassette',
          )
        }
        throw new CassetteError(`Could not read ${displayPath(file)}: ${(err as Error).message}`)
      }
      return parseCassette(text, displayPath(file))
    },
    async list(toolId) {
      const dir = path.dirname(fileFor(toolId, 'x'))
      try {
        return (await readdir(dir))
          .filter((f) => f.endsWith('.json'))
          .map((f) => f.slice(0, -5))
          .sort()
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
        throw err
      }
    },
    async save(toolId, name, cassette, secrets) {
      const file = fileFor(toolId, name)
      // `$schema` points at the schema file of this package (in node_modules for a user's project): completion in editors.
      const $schema = path.relative(path.dirname(file), CASSETTE_SCHEMA_FILE).split(path.sep).join('/')
      const { $schema: _old, ...rest } = Cassette.parse(redactCassette(cassette, secrets))
      await writeFileAtomic(file, `${JSON.stringify({ $schema, ...rest }, null, 2)}\n`, { createDir: true })
      return file
    },
    async saveRecording(runId, cassette, secrets) {
      const redacted = redactCassette(cassette, secrets)
      if (recordings === undefined) inMemory.set(runId, redacted)
      else await writeFileAtomic(recordingFile(recordings, runId), JSON.stringify(redacted), { createDir: true })
    },
    async recording(runId) {
      if (recordings === undefined) return inMemory.get(runId)
      try {
        return parseCassette(await readFile(recordingFile(recordings, runId), 'utf8'), runId)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw err
      }
    },
  }
}
