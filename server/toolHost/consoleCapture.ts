// A tool's own console output during a run, reported as the run's `log` events (source 'console') with the call's
// file:line, and still written to the terminal. A worker hosts one run at a time, so its console belongs to that run.

import { dirname, isAbsolute, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { format } from 'node:util'
import type { LogLevel } from '../../src/runtime/index.ts'

/** Characters of one console message kept at most. */
export const CONSOLE_MESSAGE_CHARS = 8 * 1024
/** Console events reported per run at most; then one notice, and the rest only reaches the terminal. */
export const CONSOLE_EVENTS_PER_RUN = 1_000

type Sink = (level: LogLevel, message: string, location?: string) => void

const METHODS = { log: 'info', info: 'info', debug: 'debug', warn: 'warn', error: 'error' } as const satisfies Record<
  string,
  LogLevel
>
type Method = keyof typeof METHODS

/** A readable message from console arguments, even when formatting them throws. */
function describe(args: unknown[]): string {
  try {
    const text = format(...args)
    return text.length > CONSOLE_MESSAGE_CHARS
      ? `${text.slice(0, CONSOLE_MESSAGE_CHARS)}… (cut at ${CONSOLE_MESSAGE_CHARS} characters)`
      : text
  } catch {
    return '(console arguments that cannot be formatted)'
  }
}

const FRAME = /\(?((?:file:\/\/)?[^()\s]+?):(\d+):\d+\)?$/

/** `file:line` of the first stack frame outside node's internals, relative to `folder` when inside it. */
export function callerLocation(stack: string | undefined, folder: string): string | undefined {
  for (const line of (stack ?? '').split('\n').slice(1)) {
    const match = FRAME.exec(line.trim())
    if (!match || match[1].startsWith('node:')) continue
    let file = match[1]
    try {
      if (file.startsWith('file://')) file = fileURLToPath(file)
    } catch {
      continue
    }
    const rel = isAbsolute(file) ? relative(folder, file) : file
    return `${rel && !rel.startsWith('..') ? rel : file}:${match[2]}`
  }
  return undefined
}

/**
 * Routes console.log/info/debug/warn/error to `sink` (and on to the terminal) until the returned function restores
 * them (calling it again does nothing). `toolFile` names the tool's module: locations are given relative to its folder.
 */
export function captureConsole(sink: Sink, toolFile: string): () => void {
  const folder = dirname(resolve(toolFile))
  const originals = new Map<Method, (...args: unknown[]) => void>()
  let count = 0
  for (const method of Object.keys(METHODS) as Method[]) {
    const original = console[method] as (...args: unknown[]) => void
    originals.set(method, original)
    const patched = (...args: unknown[]): void => {
      if (count < CONSOLE_EVENTS_PER_RUN) {
        const holder: { stack?: string } = {}
        Error.captureStackTrace(holder, patched)
        sink(METHODS[method], describe(args), callerLocation(holder.stack, folder))
      } else if (count === CONSOLE_EVENTS_PER_RUN) {
        sink(
          'warn',
          `Further console output dropped (more than ${CONSOLE_EVENTS_PER_RUN} calls in this run); it still goes to the terminal.`,
        )
      }
      count++
      original.apply(console, args)
    }
    console[method] = patched
  }
  let restored = false
  return () => {
    if (restored) return
    restored = true
    // Even a method the tool replaced meanwhile is restored: the next run in this worker starts with the real console.
    for (const [method, original] of originals) console[method] = original as never
  }
}
