// Soak (bounded: ≤ 60 s, loopback only, every loop bounded in count and time): 16 clients against a server in a
// child process, with a tool mix of 100 MB outputs, 10,000-event runs and small runs (soakMix.ts, shared with
// npm run bench:memory). The server stays up, no event of a run within limits is lost or reordered, and its RSS stays
// bounded. The bound asserted is a ceiling that catches a leak on every Node; the figures per Node version, and the
// 400 MB target, are the memory bench's (BENCHMARKS.md).

import { expect, it } from 'vitest'
import { tempDir } from './helpers.ts'
import { call, soak, startChildServer } from './soakMix.ts'

const CLIENTS = 16
const RSS_LIMIT_MB = 800

// The soak's runs stop after a 30 s budget; the rest is the server starting and settling, which takes longer when `npm
// test` runs the Node 22/24 suites beside the sample project (e2e/testAll.ts): a generous timeout, no timed assertion.
it('16 clients, 100 MB outputs and 10,000-event runs: the server stays up, RSS bounded, nothing lost or reordered', {
  timeout: 150_000,
}, async () => {
  const t = await tempDir()
  const server = await startChildServer(t.dir)
  try {
    expect(new URL(server.origin).hostname).toBe('127.0.0.1')
    const completed = await soak(server, { clients: CLIENTS, budgetMs: 30_000, maxRuns: 6 }).catch((err) => {
      throw new Error(
        `${(err as Error).message}; server: ${server.exit() ?? 'running'}; peak RSS ${server.peak().toFixed(0)} MB`,
        { cause: err },
      )
    })
    expect(completed).toBeGreaterThanOrEqual(CLIENTS)
    // Still up, and the list is summaries only.
    const list = await call(`${server.origin}/api/runs?limit=500`, { headers: server.headers })
    expect(list.status).toBe(200)
    expect((await list.text()).length).toBeLessThan(500 * 1_000)
    expect(server.child.exitCode).toBeNull()
    expect(server.peak()).toBeGreaterThan(0)
    expect(server.peak()).toBeLessThan(RSS_LIMIT_MB)
  } finally {
    server.stop()
    await t.cleanup()
  }
})
