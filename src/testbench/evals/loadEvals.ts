// Reads the eval files of a folder (toolscope/evals/**/*.json by default): every case with the file it came from, and
// for each file that cannot be used the reason, naming the file, the place in it and what is wrong. A case name used
// twice is refused in the later file, since runs and the Evals tab pick cases by name.

import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { parseEvalFile, type EvalCase } from './evalFile.ts'

/** Where a project's eval files are. */
export const DEFAULT_EVALS_DIR = path.join('toolscope', 'evals')
/** Largest eval file read (a prompt and its expectations, not a data set). */
const MAX_EVAL_FILE_BYTES = 4 * 1024 * 1024

/** A case and the file it is in (relative to the working folder when inside it). */
export type LoadedEval = EvalCase & { file: string }

/** A file that could not be used. */
export interface EvalFileError {
  file: string
  message: string
}

export interface LoadedEvals {
  /** The folder read, absolute. */
  dir: string
  cases: LoadedEval[]
  errors: EvalFileError[]
}

/** `file` relative to the working folder when inside it, otherwise as given. */
function shownFile(file: string): string {
  const rel = path.relative(process.cwd(), file)
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file
}

/** Every `.json` file under `dir`, sorted, so cases come in the same order everywhere. A missing folder has none. */
async function jsonFilesUnder(dir: string): Promise<string[]> {
  let entries: string[]
  try {
    entries = await readdir(dir, { recursive: true })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
  return entries
    .filter((name) => name.endsWith('.json'))
    .map((name) => path.join(dir, name))
    .sort()
}

/** Reads the eval files under `dir` (or `dir` itself when it names a `.json` file). */
export async function loadEvals(dir: string = DEFAULT_EVALS_DIR): Promise<LoadedEvals> {
  const root = path.resolve(dir)
  const files = root.endsWith('.json') ? [root] : await jsonFilesUnder(root)
  const cases: LoadedEval[] = []
  const errors: EvalFileError[] = []
  const seen = new Map<string, string>()
  for (const abs of files) {
    const file = shownFile(abs)
    const read = await readEvalFile(abs)
    if (typeof read === 'string') {
      errors.push({ file, message: read })
      continue
    }
    const parsed = parseEvalFile(read.text)
    if (!parsed.ok) {
      errors.push({ file, message: `not a valid eval file: ${parsed.problems.join('; ')}` })
      continue
    }
    for (const c of parsed.cases) {
      const other = seen.get(c.name)
      if (other !== undefined) {
        errors.push({
          file,
          message: `the case name "${c.name}" is already used in ${other}: each case needs its own name`,
        })
        continue
      }
      seen.set(c.name, file)
      cases.push({ ...c, file })
    }
  }
  return { dir: root, cases, errors }
}

/** A file's text, or why it cannot be read. */
async function readEvalFile(file: string): Promise<{ text: string } | string> {
  try {
    const buffer = await readFile(file)
    if (buffer.byteLength > MAX_EVAL_FILE_BYTES)
      return `too large (${buffer.byteLength} bytes; an eval file is at most ${MAX_EVAL_FILE_BYTES})`
    return { text: buffer.toString('utf8') }
  } catch (err) {
    return `could not be read: ${(err as Error).message}`
  }
}
