// `context.observe`: always present. Direct calls get the shared no-op (span just runs the function);
// runTool() gets a recording one that reports `span` and `log` events.

import { errorMessage } from './errors.ts'
import type { LogLevel, ToolObserve } from './types.ts'

/** Shared no-op observe: `span` runs the function, `log` does nothing (Mastra's behaviour without tracing). */
export const noopObserve: ToolObserve = Object.freeze({
  async span<T>(_name: string, fn: () => Promise<T> | T): Promise<T> {
    return fn()
  },
  log(): void {},
})

/** What a recording observe reports. */
export interface ObserveSink {
  span(span: {
    spanId: string
    parentSpanId?: string
    name: string
    attributes?: Record<string, unknown>
    startedAt: number
    durationMs: number
    status: 'ok' | 'error'
    error?: string
  }): void
  log(level: LogLevel, message: string, data?: Record<string, unknown>): void
  /** Milliseconds since the run started. */
  now(): number
}

/**
 * A recording observe. Nesting is tracked with a stack of open spans, which is exact for sequential nesting
 * (the common case); spans started concurrently share the parent that was open when they started.
 */
export function createObserve(sink: ObserveSink): ToolObserve {
  const open: string[] = []
  let counter = 0
  return {
    async span<T>(name: string, fn: () => Promise<T> | T, attributes?: Record<string, unknown>): Promise<T> {
      const spanId = `span-${++counter}`
      const parentSpanId = open[open.length - 1]
      const startedAt = sink.now()
      open.push(spanId)
      const close = (status: 'ok' | 'error', error?: unknown): void => {
        const at = open.lastIndexOf(spanId)
        if (at >= 0) open.splice(at, 1)
        sink.span({
          spanId,
          ...(parentSpanId ? { parentSpanId } : {}),
          name,
          ...(attributes ? { attributes } : {}),
          startedAt,
          durationMs: sink.now() - startedAt,
          status,
          ...(status !== 'ok' ? { error: errorMessage(error) } : {}),
        })
      }
      try {
        const result = await fn()
        close('ok')
        return result
      } catch (error) {
        close('error', error)
        throw error
      }
    },
    log(level: LogLevel, message: string, data?: Record<string, unknown>): void {
      sink.log(level, message, data)
    },
  }
}
