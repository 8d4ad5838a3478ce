// Code coverage of the tools' own files, collected inside a tool-host worker with V8 precise coverage and mapped back
// to lines of the TypeScript source through the loader's source maps. Facts this rests on (checked on Node 20):
// - an inspector Session connected in a worker sees that worker's own isolate, and answers synchronously there;
// - coverage must start before the tool modules are imported: started later, V8 reports only whole functions, not the
//   branches inside them (their bytecode was compiled without block counters);
// - each takePreciseCoverage resets the counters, and a script with nothing run since is left out: a take is a delta;
// - tsx emits a whole module on one line, so offsets are mapped by column, not by generated line;
// - the generated text is had from Debugger.getScriptSource (needs the Debugger domain on for that one call), its map
//   from module.findSourceMap(path) (source maps are enabled in worker.mjs) or the inline `sourceMappingURL` comment.

import { Session } from 'node:inspector'
import { findSourceMap } from 'node:module'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FileCoverage } from '../../src/testbench/fuzz/lcov.ts'

interface Range {
  startOffset: number
  endOffset: number
  count: number
}
interface ScriptCoverage {
  scriptId: string
  url: string
  functions: Array<{ ranges: Range[] }>
}

/** Where each mapped piece of a script's generated code starts (a character offset) and its source line (1-based). */
interface ScriptLines {
  file: string
  segments: Array<{ offset: number; line: number }>
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** A source map's `mappings` decoded: per generated line, [generated column, source index, source line (0-based)]. */
export function decodeMappings(mappings: string): Array<Array<[number, number, number]>> {
  const lines: Array<Array<[number, number, number]>> = []
  let source = 0
  let line = 0
  for (const text of mappings.split(';')) {
    const segments: Array<[number, number, number]> = []
    let generated = 0
    for (const segment of text.split(',').filter(Boolean)) {
      const fields = vlq(segment)
      generated += fields[0] ?? 0
      if (fields.length < 4) continue
      source += fields[1]!
      // The source column (fields[3]) is not needed: coverage is by line.
      line += fields[2]!
      segments.push([generated, source, line])
    }
    lines.push(segments)
  }
  return lines
}

function vlq(segment: string): number[] {
  const out: number[] = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = BASE64.indexOf(char)
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return out
}

/** The map of a module: Node's (tsx registers it) or the inline comment; undefined for a file nothing transformed. */
function sourceMapOf(file: string, source: string): { sources: string[]; mappings: string } | undefined {
  const payload = findSourceMap(file)?.payload as { sources?: string[]; mappings?: string } | undefined
  if (payload?.mappings !== undefined) return { sources: payload.sources ?? [], mappings: payload.mappings }
  const inline = /\/\/# sourceMappingURL=data:application\/json(?:;charset=[^;,]+)?;base64,([A-Za-z0-9+/=]+)\s*$/.exec(
    source,
  )
  if (!inline) return undefined
  const map = JSON.parse(Buffer.from(inline[1]!, 'base64').toString('utf8')) as {
    sources?: string[]
    mappings?: string
  }
  return { sources: map.sources ?? [], mappings: map.mappings ?? '' }
}

const pathOf = (source: string, file: string) =>
  source.startsWith('file:') ? fileURLToPath(source) : resolve(file, '..', source)

/** The generated code's mapped pieces with their source lines (without a map, each generated line is its own). */
export function scriptLines(file: string, source: string): ScriptLines {
  const starts = [0]
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1)
  const map = sourceMapOf(file, source)
  if (!map) {
    const lines = source.split('\n')
    const indent = (i: number) => lines[i]!.length - lines[i]!.trimStart().length
    return {
      file,
      segments: starts.flatMap((offset, i) => (lines[i]!.trim() ? [{ offset: offset + indent(i), line: i + 1 }] : [])),
    }
  }
  // Only the file's own lines: a map may also name sources it was bundled from.
  const own = map.sources.map((s) => map.sources.length === 1 || pathOf(s, file) === file)
  const segments = decodeMappings(map.mappings).flatMap((line, i) =>
    line
      .filter(([, src]) => own[src])
      .map(([column, , sourceLine]) => ({ offset: (starts[i] ?? 0) + column, line: sourceLine + 1 })),
  )
  return { file, segments }
}

/** Each source line's count: the most any of its pieces ran, a piece counting as the innermost range around it. */
export function lineCounts(lines: ScriptLines, ranges: Range[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const { offset, line } of lines.segments) {
    let inner: Range | undefined
    for (const r of ranges) {
      if (
        r.startOffset <= offset &&
        offset < r.endOffset &&
        (!inner || r.endOffset - r.startOffset <= inner.endOffset - inner.startOffset)
      )
        inner = r
    }
    if (inner) counts[line] = Math.max(counts[line] ?? 0, inner.count)
  }
  return counts
}

/** V8 precise coverage of `files` in this worker, from now on; each take() returns the lines run since the last. */
export class WorkerCoverage {
  private session = new Session()
  private files: Set<string>
  private scripts = new Map<string, ScriptLines>()

  constructor(files: string[]) {
    this.files = new Set(files.map((f) => resolve(f)))
    this.session.connect()
    this.call('Profiler.enable')
    this.call('Profiler.startPreciseCoverage', { callCount: true, detailed: true })
  }

  /** A protocol call, answered synchronously: the session is this thread's own. */
  private call<T>(method: string, params?: object): T {
    let answer: { error: Error | null; result?: T } | undefined
    this.session.post(method, params, (error, result) => (answer = { error, result: result as T }))
    if (!answer) throw new Error(`The inspector did not answer ${method} at once.`)
    if (answer.error) throw answer.error
    return answer.result as T
  }

  /** Lines of the tool files run since the last take, with their counts (lines in functions not run count 0). */
  take(): FileCoverage[] {
    const { result } = this.call<{ result: ScriptCoverage[] }>('Profiler.takePreciseCoverage')
    const out: FileCoverage[] = []
    for (const script of result) {
      if (!script.url.startsWith('file:') || !this.files.has(fileURLToPath(script.url))) continue
      const lines = this.linesOf(script)
      out.push({
        file: lines.file,
        lines: lineCounts(
          lines,
          script.functions.flatMap((f) => f.ranges),
        ),
      })
    }
    return out
  }

  private linesOf(script: ScriptCoverage): ScriptLines {
    const known = this.scripts.get(script.scriptId)
    if (known) return known
    // On only for this call: a `debugger` statement would otherwise pause this thread for good.
    this.call('Debugger.enable')
    let source: string
    try {
      source = this.call<{ scriptSource: string }>('Debugger.getScriptSource', {
        scriptId: script.scriptId,
      }).scriptSource
    } finally {
      this.call('Debugger.disable')
    }
    const lines = scriptLines(fileURLToPath(script.url), source)
    this.scripts.set(script.scriptId, lines)
    return lines
  }
}
