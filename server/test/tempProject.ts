// A throwaway user project for tests: a temp folder with package.json (ESM), our node_modules lent by symlink
// (so zod resolves from "the user's project") and copies of fixture tools whose runtime import points at src/.

import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FIXTURES, tempDir } from './helpers.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** A temp project with `tools/<name>` copied from server/test/fixtures/tools. */
export interface TempProject {
  dir: string
  tools: string
  /** Path of a copied tool file. */
  tool(name: string): string
  cleanup(): Promise<void>
}

export async function tempProject(toolFiles: string[]): Promise<TempProject> {
  const { dir, cleanup } = await tempDir('toolscope-project-')
  const tools = join(dir, 'tools')
  await mkdir(tools)
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n')
  for (const name of toolFiles) {
    const source = await readFile(join(FIXTURES, name), 'utf8')
    await writeFile(
      join(tools, name),
      source.replace("'../../../../src/index.ts'", JSON.stringify(join(ROOT, 'src/index.ts'))),
    )
  }
  return { dir, tools, tool: (name) => join(tools, name), cleanup }
}
