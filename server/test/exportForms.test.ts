// Every export form the README promises loads, named the same whichever way Node presents the module: Toolscope
// createTool() tools as named, default, `module.exports =`, `exports.x =`, array and record exports, in CommonJS `.js`,
// `.cjs`, ESM `.mjs` and TypeScript with and without "type": "module". AI SDK and Mastra tools: e2e/mastra-project.

import { afterAll, describe, expect, it } from 'vitest'
import { Catalog } from '../../src/shared/protocol.ts'
import { catalogLines, expectedCatalog, exportFormsProject, MODULE_KINDS } from './exportFormsProject.ts'
import { finished, startTestServer, type TestServer } from './helpers.ts'

const cleanups: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup()
})

describe.each(MODULE_KINDS)(`Toolscope tools, $name, on Node ${process.versions.node}`, (kind) => {
  it('lists every export form with stable names and runs a whole-module default', async () => {
    const project = await exportFormsProject(kind, ['toolscope'])
    const server: TestServer = await startTestServer({ paths: [project.dir] })
    cleanups.push(async () => {
      await server.stop()
      await project.cleanup()
    })
    const catalog = Catalog.parse(await (await server.api('/api/tools')).json())
    expect(catalog.errors).toEqual([])
    expect(catalogLines(catalog.tools)).toEqual(expectedCatalog(kind, ['toolscope']))
    const whole =
      kind.folder === 'commonjs' ? 'toolscope-cjs-whole' : `toolscope-${kind.folder === 'esm' ? 'esm' : 'ts'}-default`
    const events = await server.events(await server.startRun({ toolId: whole, input: {} }))
    expect(finished(events).status).toBe('success')
    expect(events.find((e) => e.type === 'output')).toMatchObject({ output: { ran: whole } })
  })
})
