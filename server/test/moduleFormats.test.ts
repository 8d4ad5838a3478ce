// Tool files load in every module format on every Node the README names: CommonJS and ES module packages, as
// .ts .mts .cts .js .mjs .cjs, and a syntax error is reported as such. `npm test` runs this file on Node 20 and 22.

import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { Catalog } from '../../src/shared/protocol.ts'
import { finished, startTestServer, tempDir, type TestServer } from './helpers.ts'

/** A tool object branded as Toolscope's (no import needed, so the test is only about module loading). */
const toolLiteral = (id: string) =>
  `{ id: ${JSON.stringify(id)}, description: 'format probe', execute: async () => ({ loadedAs: ${JSON.stringify(id)} }), [Symbol.for('toolscope.tool')]: true }`

/** The six files of a package: ESM syntax where the format is ESM, CommonJS syntax where it is not. */
function files(type: 'module' | 'commonjs'): Record<string, string> {
  const esmJs = type === 'module'
  return {
    'a.ts': `const id: string = '${type}-ts'\nexport const tool = ${toolLiteral(`${type}-ts`).replace(JSON.stringify(`${type}-ts`), 'id')}\n`,
    'b.mts': `export const tool = ${toolLiteral(`${type}-mts`)} as const\n`,
    'c.cts': `export const tool: object = ${toolLiteral(`${type}-cts`)}\n`,
    'd.js': esmJs
      ? `export const tool = ${toolLiteral(`${type}-js`)}\n`
      : `module.exports = { tool: ${toolLiteral(`${type}-js`)} }\n`,
    'e.mjs': `export const tool = ${toolLiteral(`${type}-mjs`)}\n`,
    'f.cjs': `exports.tool = ${toolLiteral(`${type}-cjs`)}\n`,
    'broken.ts': `export const tool = {\n  id: 'broken',\n  description: 'x' +\n}\n`,
  }
}

const servers: Array<{ server: TestServer; cleanup: () => Promise<void> }> = []
afterAll(async () => {
  for (const { server, cleanup } of servers) {
    await server.stop()
    await cleanup()
  }
})

describe.each(['commonjs', 'module'] as const)(`a "type": "%s" package on Node ${process.versions.node}`, (type) => {
  it('loads a tool from each of .ts .mts .cts .js .mjs .cjs, runs each, and names the syntax error', async () => {
    const { dir, cleanup } = await tempDir('toolscope-formats-')
    const tools = join(dir, 'tools')
    await mkdir(tools)
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'probe', type }))
    for (const [name, source] of Object.entries(files(type))) await writeFile(join(tools, name), source)
    const server = await startTestServer({ paths: [tools] })
    servers.push({ server, cleanup })

    const catalog = Catalog.parse(await (await server.api('/api/tools')).json())
    const ids = ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'].map((ext) => `${type}-${ext}`)
    expect(catalog.tools.map((t) => t.id).sort()).toEqual([...ids].sort())
    expect(catalog.errors).toHaveLength(1)
    expect(catalog.errors[0].file).toMatch(/broken\.ts$/)
    expect(catalog.errors[0].message).not.toMatch(/in a cycle/)
    expect(catalog.errors[0].message).toMatch(/broken\.ts:\d+:\d+|Unexpected|Expected|SyntaxError/)
    for (const id of ids) {
      const events = await server.events(await server.startRun({ toolId: id, input: {} }))
      expect(finished(events).status, id).toBe('success')
      expect(
        events.find((e) => e.type === 'output'),
        id,
      ).toMatchObject({ output: { loadedAs: id } })
    }
  })
})
