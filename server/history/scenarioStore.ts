// Scenario files on disk: `<root>/<tool-id>/<name>.json` in the user's repository.
// Names are checked before any path is built, writes are atomic, and a broken file is reported without hiding the others.

import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from './atomicFile.ts'
import { FORMAT_VERSIONS } from '../../src/shared/formats/versions.ts'
import { displayPath } from '../displayPath.ts'
import { assertScenarioName, parseScenario, Scenario, type ScenarioInput } from '../../src/testbench/scenario.ts'

/** A scenario file that could not be read. */
export interface ScenarioLoadError {
  file: string
  message: string
}

/** A loaded scenario with where it lives. */
export interface StoredScenario {
  file: string
  scenario: Scenario
}

export interface ScenarioStore {
  readonly root: string
  /** Every scenario below the root (or for one tool), plus the files that failed to load. */
  list(toolId?: string): Promise<{ scenarios: StoredScenario[]; errors: ScenarioLoadError[] }>
  get(toolId: string, name: string): Promise<StoredScenario>
  /** Validates and writes atomically; returns the file written. */
  save(input: ScenarioInput): Promise<StoredScenario>
  remove(toolId: string, name: string): Promise<void>
}

/** Default scenario folder, relative to the working folder. */
export const DEFAULT_SCENARIO_DIR = path.join('toolscope', 'scenarios')

export function createScenarioStore(root: string): ScenarioStore {
  const absRoot = path.resolve(root)

  function fileFor(toolId: string, name: string): string {
    assertScenarioName(toolId, 'tool id for a scenario folder')
    assertScenarioName(name)
    const file = path.join(absRoot, toolId, `${name}.json`)
    if (path.dirname(path.dirname(file)) !== absRoot) throw new Error(`Scenario path escapes ${absRoot}`)
    return file
  }

  async function readOne(file: string): Promise<StoredScenario> {
    return { file, scenario: parseScenario(await readFile(file, 'utf8'), displayPath(file)) }
  }

  return {
    root: absRoot,
    async list(toolId) {
      const scenarios: StoredScenario[] = []
      const errors: ScenarioLoadError[] = []
      const toolDirs = toolId ? [toolId] : await listDir(absRoot, 'dir')
      for (const dir of toolDirs) {
        if (toolId) assertScenarioName(toolId, 'tool id for a scenario folder')
        for (const name of await listDir(path.join(absRoot, dir), 'file')) {
          if (!name.endsWith('.json')) continue
          const file = path.join(absRoot, dir, name)
          try {
            const stored = await readOne(file)
            if (stored.scenario.toolId !== dir)
              throw new Error(
                `${displayPath(file)}: toolId "${stored.scenario.toolId}" does not match its folder "${dir}"`,
              )
            // `--update` and the UI save by name: a name that differs from the file would fork the scenario.
            if (`${stored.scenario.name}.json` !== name)
              throw new Error(
                `${displayPath(file)}: name "${stored.scenario.name}" does not match its file name "${name}"`,
              )
            scenarios.push(stored)
          } catch (error) {
            errors.push({ file, message: (error as Error).message })
          }
        }
      }
      scenarios.sort(
        (a, b) => a.scenario.toolId.localeCompare(b.scenario.toolId) || a.scenario.name.localeCompare(b.scenario.name),
      )
      return { scenarios, errors }
    },
    async get(toolId, name) {
      return readOne(fileFor(toolId, name))
    },
    async save(input) {
      // Name checks first: their message says what is wrong with a path better than a schema issue does.
      assertScenarioName(String(input.toolId), 'tool id for a scenario folder')
      assertScenarioName(String(input.name))
      // Written in the current format version, whatever the input says (its content was just parsed as current).
      const scenario = Scenario.parse({ ...input, version: FORMAT_VERSIONS.scenario })
      const file = fileFor(scenario.toolId, scenario.name)
      await writeFileAtomic(file, `${JSON.stringify(scenario, null, 2)}\n`, { createDir: true })
      return { file, scenario }
    },
    async remove(toolId, name) {
      await rm(fileFor(toolId, name))
    },
  }
}

async function listDir(dir: string, kind: 'dir' | 'file'): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true })
    return entries
      .filter((e) => (kind === 'dir' ? e.isDirectory() : e.isFile()))
      .map((e) => e.name)
      .sort()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}
