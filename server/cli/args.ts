// A small command-line reader shared by the `toolscope` subcommands: `--flag value`, `--flag=value`,
// boolean flags and positional arguments, with errors a person can act on.

import { readFileSync } from 'node:fs'
import { readMocks } from '../../src/shared/formats/formats.ts'
import { CASSETTE_NAME, NetworkMode, type Cassette, type Mocks } from '../../src/shared/protocol.ts'
import { parseCassette } from '../history/cassetteStore.ts'
import { parseJsonBounded } from '../http/jsonDepth.ts'

/** Walks `args`, handing each flag to `onFlag`; positional arguments go to `onPositional`. */
export function readArgs(
  args: string[],
  onFlag: (flag: string, take: (what?: string) => string, peek: () => string | undefined) => void,
  onPositional: (value: string) => void,
): void {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1
    const flag = eq > 0 ? arg.slice(0, eq) : arg
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined
    if (!flag.startsWith('-')) {
      onPositional(arg)
      continue
    }
    let used = false
    const take = (what = flag) => {
      if (inline !== undefined) return inline
      const v = args[i + 1]
      if (v === undefined || (v.startsWith('--') && v.length > 2)) throw new Error(`${what} needs a value`)
      i++
      used = true
      return v
    }
    const peek = () => (inline !== undefined ? inline : used ? undefined : args[i + 1])
    onFlag(flag, take, peek)
  }
}

/** Parses a JSON flag value (held to the bounds of every input: depth, keys), naming the flag when it is refused. */
export function jsonFlag(text: string, flag: string): unknown {
  const parsed = parseJsonBounded(text)
  if (parsed.ok) return parsed.value
  throw new Error(
    parsed.reason === 'syntax' ? `${flag} must be JSON: ${parsed.message}` : `${flag} is refused: ${parsed.message}`,
  )
}

/** `--network <mode>` (`test`, `call`). */
export function networkFlag(text: string, flag = '--network'): NetworkMode {
  const mode = NetworkMode.safeParse(text)
  if (!mode.success) throw new Error(`${flag} must be live, record, replay or mock, got "${text}"`)
  return mode.data
}

/** A flag value that names a file rather than a name or inline JSON: a path, or a `.json` file name. */
const isFilePath = (text: string) => /[\\/]/.test(text) || text.endsWith('.json')

/** Reads a file a flag names, saying which flag when it cannot. */
function readFlagFile(file: string, flag: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch (err) {
    throw new Error(`${flag}: could not read ${file}: ${(err as Error).message}`, { cause: err })
  }
}

/**
 * `--cassette <name|file.json>`: a cassette file (a path, or a name ending in `.json`), or the name of one in the tool's
 * cassette folder (`toolscope/cassettes/<tool-id>/<name>.json`; with `--network record`, the name it is saved under).
 */
export function cassetteFlag(text: string, flag = '--cassette'): string | Cassette {
  if (isFilePath(text)) return parseCassette(readFlagFile(text, flag), text)
  if (!CASSETTE_NAME.test(text))
    throw new Error(`${flag} must be a cassette name (letters, digits, ".", "-" or "_") or a .json file, got "${text}"`)
  return text
}

/**
 * `--mocks <json|file.json>`: mock rules, inline or from a file, upgraded from an older version and checked against the
 * mocks schema (a FileVersionError names a file of a newer Toolscope).
 */
export function mocksFlag(text: string, flag = '--mocks'): Mocks {
  const inline = text.trimStart().startsWith('{')
  const json = jsonFlag(inline ? text : readFlagFile(text, flag), flag)
  const mocks = readMocks(json, inline ? flag : `${flag} ${text}`)
  if (!mocks.success)
    throw new Error(
      `${flag} are not mock rules: ${mocks.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ')}`,
    )
  return mocks.data
}

/** A positive integer flag value. */
export function intFlag(text: string, flag: string, min: number): number {
  const n = Number(text)
  if (!Number.isInteger(n) || n < min) throw new Error(`${flag} must be an integer ≥ ${min}, got "${text}"`)
  return n
}

/**
 * Runs a subcommand after parsing its arguments: a parse error prints the message and the usage (exit 2),
 * `--help` prints the usage (exit 0), anything else goes to `body`.
 */
export async function withParsedArgs<T extends { help: boolean }>(
  command: string,
  usage: string,
  args: string[],
  parse: (args: string[]) => T,
  body: (parsed: T) => Promise<number>,
): Promise<number> {
  let parsed: T
  try {
    parsed = parse(args)
  } catch (err) {
    console.error(`${command}: ${(err as Error).message}\n\n${usage}`)
    return 2
  }
  if (parsed.help) {
    console.log(usage)
    return 0
  }
  return body(parsed)
}

/** The JUnit file of `--reporter junit [--output f]` (`fallback` without --output), or undefined without a reporter. */
export function junitOutput(
  reporter: string | undefined,
  output: string | undefined,
  fallback: string,
): string | undefined {
  if (reporter !== undefined && reporter !== 'junit') throw new Error(`--reporter must be "junit", got "${reporter}"`)
  if (output !== undefined && reporter === undefined) throw new Error('--output needs --reporter junit')
  return reporter === 'junit' ? (output ?? fallback) : undefined
}
