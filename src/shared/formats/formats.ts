// Every format Toolscope stores (scenario, cassette, mocks, run export, demo manifest, history event rows): its
// current version, its upgrade steps, and the read function each reader goes through (modernize, then the zod schema).

import type { z } from 'zod'
import { Cassette, DemoManifest, Mocks, RunExport, Scenario } from '../protocol.ts'
import { defineFormat, modernize, modernizeField, readDocument, type JsonObject } from './modernize.ts'
import { FORMAT_VERSIONS } from './versions.ts'

export { FileVersionError } from './modernize.ts'
export { FORMAT_VERSIONS } from './versions.ts'

// Version 1 of every format is the shape written before formats carried versions: no steps yet. A step from n to n + 1
// goes in `steps[n]`; a container (scenario, run file, demo) whose embedded data changes shape bumps its own version
// too, and its step calls the embedded format's (events inside run files and demo runs carry no version of their own).

/** Cassettes: the file, a recording kept with the history, or one inside a scenario, a run request or a run file. */
export const CASSETTE_FILE = defineFormat({
  name: 'cassette',
  current: FORMAT_VERSIONS.cassette,
  oldest: 1,
  steps: {},
  versionField: 'version',
})

/** Mock rules: a `--mocks` file or the rules inside a scenario or a run request (without `version`: version 1). */
export const MOCKS_FILE = defineFormat({
  name: 'mocks file',
  current: FORMAT_VERSIONS.mocks,
  oldest: 1,
  steps: {},
  versionField: 'version',
  missingVersion: 1,
})

/** The cassette and mock rules a call (scenario, run request) may carry inline, each upgraded by its own version. */
export function modernizeCall(call: JsonObject): JsonObject {
  return modernizeField(MOCKS_FILE, modernizeField(CASSETTE_FILE, call, 'cassette'), 'mocks')
}

/** Scenario files (`toolscope/scenarios/<tool>/<name>.json`); written before versions: no `version`, read as 1. */
export const SCENARIO_FILE = defineFormat({
  name: 'scenario file',
  current: FORMAT_VERSIONS.scenario,
  oldest: 1,
  steps: {},
  versionField: 'version',
  missingVersion: 1,
  embedded: modernizeCall,
})

/** Run export files: the run's request may hold a cassette or mock rules, and the file its recorded cassette. */
export const RUN_EXPORT_FILE = defineFormat({
  name: 'run file',
  current: FORMAT_VERSIONS.runExport,
  oldest: 1,
  steps: {},
  versionField: 'version',
  embedded: (doc) => {
    const run = doc.run
    const withRequest =
      isObject(run) && isObject(run.request) ? { ...doc, run: { ...run, request: modernizeCall(run.request) } } : doc
    return modernizeField(CASSETTE_FILE, withRequest, 'cassette')
  },
})

/** `demo/manifest.json` of a static demo (its version also covers the run files it lists). */
export const DEMO_MANIFEST_FILE = defineFormat({
  name: 'demo manifest',
  current: FORMAT_VERSIONS.demoManifest,
  oldest: 1,
  steps: {},
  versionField: 'version',
})

/** One case of an eval file (`toolscope/evals/*.json`); a case without `version` is version 1. */
export const EVAL_CASE = defineFormat({
  name: 'eval case',
  current: FORMAT_VERSIONS.evalCase,
  oldest: 1,
  steps: {},
  versionField: 'version',
  missingVersion: 1,
})

/** The JSON of a history event row; its version is the row's `format` column (NULL in rows written before it: 1). */
export const STORED_EVENT = defineFormat({
  name: 'stored event',
  current: FORMAT_VERSIONS.storedEvent,
  oldest: 1,
  steps: {},
})

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A scenario file's JSON, upgraded and parsed. Throws FileVersionError (naming `source`) for a newer version. */
export function readScenario(json: unknown, source?: string): z.ZodSafeParseResult<Scenario> {
  return readDocument(SCENARIO_FILE, Scenario, json, source)
}

/** A cassette's JSON, upgraded and parsed. Throws FileVersionError for a newer version. */
export function readCassette(json: unknown, source?: string): z.ZodSafeParseResult<Cassette> {
  return readDocument(CASSETTE_FILE, Cassette, json, source)
}

/** Mock rules' JSON, upgraded and parsed. Throws FileVersionError for a newer version. */
export function readMocks(json: unknown, source?: string): z.ZodSafeParseResult<Mocks> {
  return readDocument(MOCKS_FILE, Mocks, json, source)
}

/** A run export file's JSON, upgraded and parsed. Throws FileVersionError for a newer version. */
export function readRunExport(json: unknown, source?: string): z.ZodSafeParseResult<RunExport> {
  return readDocument(RUN_EXPORT_FILE, RunExport, json, source)
}

/** A demo manifest's JSON, upgraded and parsed. Throws FileVersionError for a newer version. */
export function readDemoManifest(json: unknown, source?: string): z.ZodSafeParseResult<DemoManifest> {
  return readDocument(DEMO_MANIFEST_FILE, DemoManifest, json, source)
}

/**
 * A stored event row's JSON at the current version (`format`: the row's column, null for rows older than it). Not
 * parsed with the schema: the store wrote it from a validated event, and reads stay fast (a row of the current version
 * is returned as it is). Throws FileVersionError for a row written by a newer Toolscope.
 */
export function readStoredEvent(json: unknown, format: number | null): unknown {
  return modernize(STORED_EVENT, json, format ?? 1, 'history')
}

/** A stored run request (the history's `request` column): its inline cassette and mock rules upgraded. */
export function readStoredRequest(json: unknown): unknown {
  return isObject(json) ? modernizeCall(json) : json
}
