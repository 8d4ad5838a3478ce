// Shared setup of the adversarial suite: a loopback server over the regular and the misbehaving fixture tools,
// with a small worker heap (so heap exhaustion is quick) and helpers that wait for states, never for time.

import { fileURLToPath } from 'node:url'
import type { RunEvent } from '../../src/shared/protocol.ts'
import { FIXTURES, startTestServer, waitForEvent, type TestServer } from '../../server/test/helpers.ts'

export const MISBEHAVING = fileURLToPath(new URL('./fixtures/', import.meta.url))

/** A server over the fixture tools plus the misbehaving ones. */
export function startAdversarialServer(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  return startTestServer({ paths: [FIXTURES, MISBEHAVING], timeoutMs: 20_000, workerHeapMb: 96, ...options })
}

/** Resolves once the run has emitted `n` writer chunks (the stream is flowing). */
export async function chunksSeen(server: TestServer, runId: string, n: number): Promise<RunEvent[]> {
  let count = 0
  return waitForEvent(server, runId, (e) => e.type === 'writer-chunk' && ++count >= n)
}

/** The run's status as the registry sees it now. */
export async function statusOf(server: TestServer, runId: string): Promise<string> {
  return ((await (await server.api(`/api/runs/${runId}`)).json()) as { status: string }).status
}

/** Asserts-ready check: sequence numbers 0…n−1 with no gap (nothing lost or reordered). */
export function contiguous(events: RunEvent[]): boolean {
  return events.every((e, i) => e.seq === i)
}
