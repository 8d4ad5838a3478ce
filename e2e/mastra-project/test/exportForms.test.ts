// Every export form the README promises loads through the real tool host, for the real `ai` and @mastra/core of this
// project: AI SDK tool() and Mastra/Toolscope createTool() as named, default, `module.exports =`, `exports.x =`, array and
// record exports, in CommonJS `.js`, `.cjs`, ESM `.mjs` and TypeScript with and without "type": "module", named the same
// whichever way Node presents the module (server/test/exportForms.test.ts covers Toolscope tools on Node 20).

import { afterAll, describe, expect, it } from 'vitest'
import type { RunEvent } from '../../../src/shared/protocol.ts'
import {
  catalogLines,
  expectedCatalog,
  exportFormsProject,
  MODULE_KINDS,
  type FormLibrary,
} from '../../../server/test/exportFormsProject.ts'
import { ToolHost } from '../../../server/toolHost/host.ts'

const NODE_MODULES = new URL('../node_modules', import.meta.url).pathname
const LIBRARIES: FormLibrary[] = ['ai', 'mastra', 'toolscope']

const cleanups: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup()
})

/** A tool host on `dir` whose runs are collected by id (no history store: only loading and running matter here). */
function hostOn(dir: string) {
  const finished = new Map<string, (events: RunEvent[]) => void>()
  const events = new Map<string, RunEvent[]>()
  const host = new ToolHost({
    paths: [dir],
    watch: false,
    log: () => {},
    sink: {
      onEvent(runId, event) {
        const list = events.get(runId) ?? []
        list.push(event)
        events.set(runId, list)
        if (event.type === 'run-finished') finished.get(runId)?.(list)
      },
      onRunLost: (runId, message) =>
        finished.get(runId)?.([...(events.get(runId) ?? []), { type: 'error', message } as RunEvent]),
    },
  })
  const run = async (toolId: string): Promise<RunEvent[]> => {
    const runId = `run-${toolId}`
    const done = new Promise<RunEvent[]>((resolve) => finished.set(runId, resolve))
    await host.start(runId, { toolId, input: {} }, 30_000)
    return done
  }
  return { host, run }
}

describe.each(MODULE_KINDS)('$name', (kind) => {
  it('lists every export form of the three libraries with stable names; the whole-module defaults run', async () => {
    const project = await exportFormsProject(kind, LIBRARIES, NODE_MODULES)
    const { host, run } = hostOn(project.dir)
    cleanups.push(async () => {
      await host.close()
      await project.cleanup()
    })
    await host.ready
    expect(host.catalog.errors).toEqual([])
    expect(catalogLines(host.catalog.tools)).toEqual(expectedCatalog(kind, LIBRARIES))
    const tag = kind.folder === 'commonjs' ? 'cjs' : kind.folder === 'esm' ? 'esm' : 'ts'
    const defaults =
      kind.folder === 'commonjs'
        ? ['aiWhole', `mastra-${tag}-whole`, `toolscope-${tag}-whole`]
        : ['ai', `mastra-${tag}-default`, `toolscope-${tag}-default`]
    for (const toolId of defaults) {
      const events = await run(toolId)
      expect(events.at(-1), toolId).toMatchObject({ type: 'run-finished', status: 'success' })
      expect(
        events.find((e) => e.type === 'output'),
        toolId,
      ).toMatchObject({ output: { ran: toolId.startsWith('ai') ? 'ai' : toolId } })
    }
    // Each worker imports @mastra/core and ai: well past the project's 60 s default on a loaded two-core machine.
  }, 180_000)
})
