// Temporary projects made of the export-form fixtures (server/test/fixtures/exportForms), one per module kind, and the
// catalog each must give: every export form of AI SDK tool(), Mastra createTool() and Toolscope createTool(), named alike
// whichever way Node presents the module. Shared by server/test/exportForms.test.ts and e2e/mastra-project's copy.

import { copyFile, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tempDir } from './helpers.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const FORMS = join(ROOT, 'server/test/fixtures/exportForms')
const RUNTIME_IMPORT = "'../../../../../src/index.ts'"

/** A library whose tools the fixtures export. */
export type FormLibrary = 'ai' | 'mastra' | 'toolscope'

/** One way of loading the fixtures: sources, the extension they get, and the package's "type". */
export interface ModuleKind {
  name: string
  folder: 'commonjs' | 'esm' | 'typescript'
  ext: 'js' | 'cjs' | 'mjs' | 'ts'
  type?: 'module'
}

/** CommonJS without "type", `.cjs` in an ES module package, ESM `.mjs`, TypeScript with and without "type": "module". */
export const MODULE_KINDS: ModuleKind[] = [
  { name: 'CommonJS .js (no "type")', folder: 'commonjs', ext: 'js' },
  { name: '.cjs in a "type": "module" package', folder: 'commonjs', ext: 'cjs', type: 'module' },
  { name: 'ESM .mjs (no "type")', folder: 'esm', ext: 'mjs' },
  { name: 'TypeScript (no "type": compiled as CommonJS)', folder: 'typescript', ext: 'ts' },
  { name: 'TypeScript in a "type": "module" package', folder: 'typescript', ext: 'ts', type: 'module' },
]

/**
 * A temp project with the fixtures of `kind` for `libraries`; `nodeModules` (a folder with `ai`, `@mastra/core` and
 * `zod`) is linked as its node_modules when given.
 */
export async function exportFormsProject(
  kind: ModuleKind,
  libraries: FormLibrary[],
  nodeModules?: string,
): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const { dir, cleanup } = await tempDir('toolscope-forms-')
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'forms', private: true, ...(kind.type ? { type: kind.type } : {}) }),
  )
  if (nodeModules) await symlink(nodeModules, join(dir, 'node_modules'))
  const from = join(FORMS, kind.folder)
  for (const name of await readdir(from)) {
    if (!libraries.some((lib) => name.startsWith(lib))) continue
    const target = join(dir, name.replace(/\.[^.]+$/, `.${kind.ext}`))
    const source = await readFile(join(from, name), 'utf8')
    if (source.includes(RUNTIME_IMPORT))
      await writeFile(target, source.split(RUNTIME_IMPORT).join(JSON.stringify(join(ROOT, 'src/index.ts'))))
    else await copyFile(join(from, name), target)
  }
  return { dir, cleanup }
}

const KIND_OF: Record<FormLibrary, string> = { ai: 'ai-sdk', mastra: 'mastra', toolscope: 'toolscope' }

/**
 * The catalog lines (`file export-name id kind`, sorted) the project must give. An AI SDK tool's id is its export name or
 * record key (`list_0` for an array item); exported as the module's default, it is the file's name.
 */
export function expectedCatalog(kind: ModuleKind, libraries: FormLibrary[]): string[] {
  const lines: string[] = []
  const cjs = kind.folder === 'commonjs'
  const tag = cjs ? 'cjs' : kind.folder === 'esm' ? 'esm' : 'ts'
  for (const lib of libraries) {
    // [file, export name, AI SDK id, Mastra/Toolscope id]
    const rows: Array<[string, string, string, string]> = cjs
      ? [
          [`${lib}Named`, `${lib}Named`, `${lib}Named`, 'named'],
          [`${lib}Named`, `${lib}Record.${lib}InRecord`, `${lib}InRecord`, 'in-record'],
          [`${lib}Named`, `${lib}List[0]`, `${lib}List_0`, 'in-list'],
          [`${lib}Whole`, 'default', `${lib}Whole`, 'whole'],
          [`${lib}Object`, `${lib}ObjectA`, `${lib}ObjectA`, 'object-a'],
          [`${lib}Object`, `${lib}ObjectB`, `${lib}ObjectB`, 'object-b'],
          [`${lib}Array`, 'default[0]', `${lib}Array_0`, 'array-0'],
          [`${lib}Array`, 'default[1]', `${lib}Array_1`, 'array-1'],
        ]
      : [
          [lib, `${lib}Named`, `${lib}Named`, 'named'],
          [lib, `${lib}Record.${lib}InRecord`, `${lib}InRecord`, 'in-record'],
          [lib, `${lib}List[0]`, `${lib}List_0`, 'in-list'],
          [lib, 'default', lib, 'default'],
        ]
    for (const [file, exportName, aiId, suffix] of rows) {
      lines.push(`${file}.${kind.ext} ${exportName} ${lib === 'ai' ? aiId : `${lib}-${tag}-${suffix}`} ${KIND_OF[lib]}`)
    }
  }
  return lines.sort()
}

/** The same lines from a catalog. */
export function catalogLines(tools: Array<{ file: string; exportName?: string; id: string; kind: string }>): string[] {
  return tools.map((t) => `${t.file.split(/[\\/]/).pop()} ${t.exportName} ${t.id} ${t.kind}`).sort()
}
