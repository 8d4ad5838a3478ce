// A recorded run's exchanges wait in memory until the run ends: the recording stops at the per-run byte limit (and at
// 10,000 exchanges), says so in the server log, and the cassette saved holds what came before. The tool host is a fake.
import { describe, expect, it } from 'vitest'
import type { CassetteExchange } from '../../src/shared/protocol.ts'
import { createCassetteStore } from '../history/cassetteStore.ts'
import { RunRegistry } from '../runs/runs.ts'
import { RunStore } from '../history/runStore.ts'
import { tempDir } from './helpers.ts'
import { fakeRunHost } from './fakeHost.ts'

const host = fakeRunHost()

const exchange = (i: number): CassetteExchange => ({
  request: { method: 'GET', url: `https://api.example.com/items/${i}`, headers: {} },
  response: { status: 200, headers: {}, body: { text: 'x'.repeat(3000), bytes: 3000 } },
})

describe('recordings', () => {
  it('stop at the per-run byte limit, log it once, and keep what came before', async () => {
    const t = await tempDir()
    try {
      const lines: string[] = []
      const runs = new RunRegistry({
        host,
        store: new RunStore(),
        timeoutMs: 60_000,
        log: (l) => lines.push(l),
        cassettes: createCassetteStore(t.dir),
        limits: { runBytes: 10_000 },
      })
      const runId = await runs.start({ toolId: 'fetcher', input: {}, network: 'record' })
      for (let i = 0; i < 6; i++) runs.onRecorded(runId, exchange(i))
      runs.onEvent(runId, { seq: 0, at: 1, type: 'run-finished', status: 'success', durationMs: 1 })
      const cassette = await runs.recording(runId)
      expect(cassette?.exchanges.map((e) => e.request.url)).toEqual(
        [0, 1, 2].map((i) => `https://api.example.com/items/${i}`),
      )
      expect(lines.filter((l) => l.includes('Recording stopped'))).toEqual([
        expect.stringMatching(
          /^Run .*: Recording stopped after 3 exchanges \(.*\): a recording keeps at most 10000 exchanges and .*\. Later requests run but are not recorded\.$/,
        ),
      ])
    } finally {
      await t.cleanup()
    }
  })
})
