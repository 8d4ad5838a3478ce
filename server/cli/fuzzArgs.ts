// The command line of `toolscope fuzz`: its usage text, the parsed flags, and the command that reproduces one tool's
// fuzz exactly (the same seed, the same calls).

import { FUZZ_CHECKS, type FuzzCheckId } from '../../src/testbench/fuzz/checks.ts'
import { MCP_USAGE, takeMcpFlag, type McpServerSpec } from '../mcpSources/config.ts'
import { intFlag, junitOutput, readArgs } from './args.ts'
import { DEFAULT_LCOV_FILE } from './fuzzCoverage.ts'

export const USAGE = `Usage: toolscope fuzz [path ...] [options]

Generates inputs for every tool exported by the given files or folders (the bundled examples when none) from its
input schema, runs each through the tool host, checks every run and shrinks a failure to a minimal input. Exits 1
when any tool fails a check.

Options:
  --tool <id>            fuzz this tool (repeatable; default: every tool)
  --runs <n>             generated calls per tool (default 100)
  --seed <n>             seed of the generation (default: random, printed with each failure)
  --network <mode>       live (default), replay or mock: the network mode of every run
  --clock fake           timers fire at once, the clock jumps ahead
  --check <id>           also apply this check (repeatable; same-output is off unless asked)
  --skip-check <id>      do not apply this check (repeatable)
                         checks: ${FUZZ_CHECKS.join(', ')}
  --save                 save each tool's minimal failing run as a scenario (fuzz-<check>-<seed>) that expects
                         the correct behaviour, so it fails until the bug is fixed
  --scenarios <dir>      where --save writes (default toolscope/scenarios, the examples' own for the examples)
  --reporter junit       also write JUnit XML (to --output, default fuzz.xml)
  --output <file>        where the JUnit XML goes
  --timeout <ms>         per-run timeout (default 60000)
  --coverage             list the schema parts no input exercised, and collect code coverage of the tool files
                         (the workers reload with V8 coverage on) as lcov
  --coverage-file <f>    where --coverage writes lcov (default ${DEFAULT_LCOV_FILE}); implies --coverage
${MCP_USAGE}
  -h, --help             show this help

Checks are turned off per tool in package.json, "toolscope": { "fuzz": { "tools": { "<tool id>": { "skipChecks":
["no-crash"] } } } }.`

/** Parsed command line of `fuzz`. */
export interface FuzzArgs {
  paths: string[]
  tools: string[]
  runs: number
  seed?: number
  network?: 'live' | 'replay' | 'mock'
  clock?: 'fake'
  checks: FuzzCheckId[]
  skipChecks: FuzzCheckId[]
  save: boolean
  scenariosDir?: string
  junit?: string
  timeoutMs?: number
  /** `--coverage`: missed schema items listed, and lcov written to `coverageFile`. */
  coverage: boolean
  coverageFile: string
  mcp: McpServerSpec[]
  /** The flags that change what runs (network, clock, checks, timeout, MCP servers), as given: the reproducing command repeats them. */
  runFlags: string[]
  help: boolean
}

function checkFlag(text: string, flag: string): FuzzCheckId {
  if (!(FUZZ_CHECKS as readonly string[]).includes(text))
    throw new Error(`${flag} takes one of ${FUZZ_CHECKS.join(', ')}; got "${text}"`)
  return text as FuzzCheckId
}

/** Parses `fuzz` arguments; throws an Error with a message for the user on bad input. */
export function parseFuzzArgs(args: string[]): FuzzArgs {
  const out: FuzzArgs = {
    paths: [],
    tools: [],
    runs: 100,
    checks: [],
    skipChecks: [],
    save: false,
    coverage: false,
    coverageFile: DEFAULT_LCOV_FILE,
    mcp: [],
    runFlags: [],
    help: false,
  }
  let reporter: string | undefined
  let output: string | undefined
  readArgs(
    args,
    (flag, take) => {
      const kept = (value: string) => (out.runFlags.push(flag, value), value)
      switch (flag) {
        case '--tool':
          out.tools.push(take())
          break
        case '--runs':
          out.runs = intFlag(take(), flag, 1)
          break
        case '--seed': {
          const text = take()
          if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) !== (Number(text) | 0))
            throw new Error(`--seed must be a 32-bit integer, got "${text}"`)
          out.seed = Number(text)
          break
        }
        case '--network': {
          const mode = kept(take())
          if (mode !== 'live' && mode !== 'replay' && mode !== 'mock')
            throw new Error(`--network must be live, replay or mock, got "${mode}"`)
          out.network = mode
          break
        }
        case '--clock': {
          const clock = kept(take())
          if (clock !== 'fake') throw new Error(`--clock takes "fake", got "${clock}"`)
          out.clock = clock
          break
        }
        case '--check':
          out.checks.push(checkFlag(kept(take()), flag))
          break
        case '--skip-check':
          out.skipChecks.push(checkFlag(kept(take()), flag))
          break
        case '--save':
          out.save = true
          break
        case '--scenarios':
          out.scenariosDir = take()
          break
        case '--reporter':
          reporter = take()
          break
        case '--output':
          output = take()
          break
        case '--coverage':
          out.coverage = true
          break
        case '--coverage-file':
          out.coverageFile = take()
          out.coverage = true
          break
        case '--timeout':
          out.timeoutMs = intFlag(kept(take()), flag, 1)
          break
        case '--mcp':
        case '--mcp-header':
          takeMcpFlag(out.mcp, flag, kept(take()))
          break
        case '-h':
        case '--help':
          out.help = true
          break
        default:
          throw new Error(`Unknown option ${flag}`)
      }
    },
    (p) => out.paths.push(p),
  )
  const junit = junitOutput(reporter, output, 'fuzz.xml')
  if (junit) out.junit = junit
  return out
}

/** A command-line word as a POSIX shell reads it back. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`
}

/** The command that fuzzes one tool again with the same seed: the same calls, the same failure. */
export function reproduceCommand(args: FuzzArgs, toolId: string, seed: number): string {
  return [
    'npx',
    'toolscope',
    'fuzz',
    ...args.paths,
    '--tool',
    toolId,
    '--seed',
    String(seed),
    '--runs',
    String(args.runs),
    ...args.runFlags,
  ]
    .map(shellWord)
    .join(' ')
}
