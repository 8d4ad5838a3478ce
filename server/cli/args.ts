// A small command-line reader shared by the `toolscope` subcommands: `--flag value`, `--flag=value`,
// boolean flags and positional arguments, with errors a person can act on.

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

/** Parses a JSON flag value, naming the flag when it is not JSON. */
export function jsonFlag(text: string, flag: string): unknown {
  try {
    return JSON.parse(text)
  } catch (err) {
    throw new Error(`${flag} must be JSON: ${(err as Error).message}`, { cause: err })
  }
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
export function junitOutput(reporter: string | undefined, output: string | undefined, fallback: string): string | undefined {
  if (reporter !== undefined && reporter !== 'junit') throw new Error(`--reporter must be "junit", got "${reporter}"`)
  if (output !== undefined && reporter === undefined) throw new Error('--output needs --reporter junit')
  return reporter === 'junit' ? (output ?? fallback) : undefined
}
