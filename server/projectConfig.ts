// Project settings read from the working folder's package.json, under "toolscope": the lint settings for now
// (`toolscope lint` and the Providers report of the server).

import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { LintConfig } from '../src/lint/index.ts'

/** The project's lint settings: `package.json` → `toolscope.lint` in the working folder, if any. */
export async function projectLintConfig(dir = process.cwd()): Promise<LintConfig> {
  let text: string
  try {
    text = await readFile(path.join(dir, 'package.json'), 'utf8')
  } catch {
    return {}
  }
  const settings = (JSON.parse(text) as { toolscope?: { lint?: unknown } }).toolscope?.lint
  if (settings === undefined) return {}
  const parsed = LintConfig.safeParse(settings)
  if (!parsed.success) throw new Error(`package.json "toolscope.lint" is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`)
  return parsed.data
}

