// The HTTP app over a run registry whose tool host is a fake at its boundary (fakeHost.ts): what the control-route
// tests (controls.test.ts, legacyControlRoutes.test.ts) post to, and the controls the host received, in order.

import { createApp } from '../http/app.ts'
import { RunRegistry } from '../runs/runs.ts'
import { RunStore } from '../history/runStore.ts'
import type { ToolHost } from '../toolHost/host.ts'
import { fakeRunHost } from './fakeHost.ts'
import type { ControlFailure, RunControl } from '../../src/shared/protocol.ts'

/** The app, its registry, the controls the host received and a POST helper (a JSON body, or none when `undefined`). */
export interface ControlApp {
  runs: RunRegistry
  received: RunControl[]
  post(path: string, body?: unknown): Promise<Response>
}

/** An app whose host records controls and answers each with the scripted failure (or accepts it). */
export function controlApp(
  answer: (c: RunControl, runId: string) => ControlFailure | undefined = () => undefined,
): ControlApp {
  const received: RunControl[] = []
  const host = fakeRunHost((runId, c) => {
    received.push(c)
    return answer(c, runId)
  })
  const runs = new RunRegistry({ host, store: new RunStore(), timeoutMs: 60_000, log: () => {} })
  const app = createApp({
    host: host as unknown as ToolHost,
    runs,
    security: { token: 't', bindHost: '127.0.0.1', getPort: () => 80 },
  })
  const post = async (path: string, body?: unknown) =>
    app.request(path, {
      method: 'POST',
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { host: '127.0.0.1', authorization: 'Bearer t', 'content-type': 'application/json' },
    })
  return { runs, received, post }
}
