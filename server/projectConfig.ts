// Project settings read from the working folder's package.json, under "toolscope": the lint settings (`toolscope
// lint` and the Providers report of the server), more names to redact in network events and recordings, and the fuzz
// checks each tool turns off (`toolscope fuzz`).

import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import { LintConfig } from '../src/lint/index.ts'
import { FUZZ_CHECKS } from '../src/testbench/fuzz/checks.ts'

/** `toolscope.network` of package.json: header and query parameter names to redact beside the built-in list. */
const NetworkSettings = z
  .object({
    redact: z
      .object({ headers: z.array(z.string()).optional(), query: z.array(z.string()).optional() })
      .strict()
      .optional(),
  })
  .strict()

/** `toolscope.fuzz` of package.json: per tool, the fuzz checks it turns off (`{ "tools": { "<id>": { "skipChecks": ["no-crash"] } } }`). */
const FuzzSettings = z
  .object({ tools: z.record(z.string(), z.object({ skipChecks: z.array(z.enum(FUZZ_CHECKS)) }).strict()).optional() })
  .strict()
export type FuzzSettings = z.infer<typeof FuzzSettings>

/** The settings of a project. */
export interface ProjectConfig {
  lint: LintConfig
  redact?: { headers?: string[]; query?: string[] }
  fuzz?: FuzzSettings
}

/** The project's settings from `package.json` → `toolscope` in `dir` (none when it has no such file or key). */
export async function readProjectConfig(dir = process.cwd()): Promise<ProjectConfig> {
  let text: string
  try {
    text = await readFile(path.join(dir, 'package.json'), 'utf8')
  } catch {
    return { lint: {} }
  }
  const settings = (JSON.parse(text) as { toolscope?: { lint?: unknown; network?: unknown; fuzz?: unknown } }).toolscope
  const lint = settings?.lint === undefined ? undefined : LintConfig.safeParse(settings.lint)
  if (lint && !lint.success) throw new Error(`package.json "toolscope.lint" is not valid: ${issues(lint.error)}`)
  const network = settings?.network === undefined ? undefined : NetworkSettings.safeParse(settings.network)
  if (network && !network.success)
    throw new Error(`package.json "toolscope.network" is not valid: ${issues(network.error)}`)
  const fuzz = settings?.fuzz === undefined ? undefined : FuzzSettings.safeParse(settings.fuzz)
  if (fuzz && !fuzz.success) throw new Error(`package.json "toolscope.fuzz" is not valid: ${issues(fuzz.error)}`)
  return {
    lint: lint?.data ?? {},
    ...(network?.data.redact ? { redact: network.data.redact } : {}),
    ...(fuzz ? { fuzz: fuzz.data } : {}),
  }
}

/** The project's lint settings: `package.json` → `toolscope.lint` in `dir`, if any. */
export async function projectLintConfig(dir = process.cwd()): Promise<LintConfig> {
  return (await readProjectConfig(dir)).lint
}

const issues = (error: z.ZodError) =>
  error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')
