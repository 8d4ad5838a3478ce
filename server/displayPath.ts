// How the server shows a file path to people (catalog, scenario lists, CLI lines): relative to the working
// folder when inside it, otherwise as given, so messages stay short without ever pointing outside with "../".
import path from 'node:path'

/** `file` relative to `cwd` when it lies inside it, otherwise unchanged. */
export function displayPath(file: string, cwd = process.cwd()): string {
  const rel = path.relative(cwd, file)
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file
}
