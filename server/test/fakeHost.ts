// A tool host fake for registry tests: every run starts at once (no slots, no workers), every tool exists, and
// controls are answered by the given function. The registry's boundary with the host, and nothing inside it, is faked.

import type { ControlFailure, RunControl } from '../../src/shared/protocol.ts'
import type { RunHost } from '../runs/runs.ts'

/** A RunHost whose starts succeed at once; `control` answers controls (accepts them by default). */
export function fakeRunHost(
  control: (runId: string, c: RunControl) => ControlFailure | undefined = () => undefined,
): RunHost {
  return {
    ready: Promise.resolve(),
    hasTool: () => true,
    start: async () => {},
    withdrawStart: () => false,
    queuePosition: () => undefined,
    control: async (runId, c) => control(runId, c),
    terminateRunWorker: () => {},
  }
}
