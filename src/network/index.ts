// `toolscope/network`: the network modes outside the playground, for tests that call a tool directly (exported Vitest
// tests of scenarios use it): while installed, this thread's fetch and node:http requests are answered from a cassette
// or by mock rules, or go out and are recorded as events, exactly as in a Toolscope run.

import type { NetworkEvent } from '../runtime/index.ts'
import { Mocks, type Cassette, type CassetteExchange, type NetworkMode } from '../shared/protocol.ts'
import { redactAlso, routeNetwork, type RedactionList } from './intercept.ts'

export type { Cassette, CassetteExchange, MockRule, Mocks, NetworkMode } from '../shared/protocol.ts'
export type { RedactionList } from './intercept.ts'

/** What interceptNetwork() is given: the mode and, for it, the cassette or the mock rules. */
export interface InterceptOptions {
  mode: NetworkMode
  cassette?: Cassette
  /** Mock rules as in a scenario file (defaults such as `unmatched: "fail"` applied here). */
  mocks?: unknown
  /** More header and query parameter names to redact in events and recordings (added for this thread). */
  redact?: RedactionList
  /** `record`: bytes of JSON the recorded exchanges take at most together (default 50 MiB); a body past it is cut and marked. */
  recordingBytes?: number
}

/** The interception while it lasts: every exchange as events, what a recording holds, and the requests refused. */
export interface InterceptedNetwork {
  events: NetworkEvent[]
  /** `record`: the exchanges, as a cassette's. */
  recorded: CassetteExchange[]
  /** Requests no cassette exchange or mock rule could answer (a Toolscope run would have ended with the first). */
  problems: string[]
  /** Puts the real network back. */
  stop(): void
}

/** Routes this thread's HTTP as `options` says until `stop()`. */
export function interceptNetwork(options: InterceptOptions): InterceptedNetwork {
  const out: Omit<InterceptedNetwork, 'stop'> = { events: [], recorded: [], problems: [] }
  if (options.redact) redactAlso(options.redact)
  const stop = routeNetwork({
    mode: options.mode,
    cassette: options.cassette,
    mocks: options.mocks === undefined ? undefined : Mocks.parse(options.mocks),
    progress: { used: {}, hits: [] },
    recordingBytes: options.recordingBytes,
    sink: (event) => out.events.push(event),
    recorded: (exchange) => out.recorded.push(exchange),
    fail: (message) => out.problems.push(message),
  })
  return { ...out, stop }
}
