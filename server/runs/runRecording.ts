// What a run in network mode `record` has recorded: its exchanges, held in memory until the run ends (bounded by
// count and by the per-run byte limit), then written as its cassette. Part of the run object (liveRun.ts).

import type { CassetteExchange } from '../../src/shared/protocol.ts'
import { newCassette, type CassetteStore } from '../history/cassetteStore.ts'
import { formatBytes } from './limits.ts'

/** Exchanges one recorded run keeps at most (a cassette's own limit); later ones are not recorded. */
export const MAX_RECORDED_EXCHANGES = 10_000

/** The recording of one run. */
export class RunRecording {
  private exchanges: CassetteExchange[] = []
  private bytes = 0
  private full = false

  constructor(
    /** The cassette name to save it under too, when the run gave one. */
    readonly saveAs: string | undefined,
    /** The raw request's secrets, taken before the store's redaction, to redact the files with: in memory only. */
    private secrets: string[],
    /** Bytes it keeps at most (the per-run limit). */
    private maxBytes: number,
  ) {}

  /** Keeps one exchange; returns why when this one stopped the recording at a limit (said once, later ones are dropped). */
  add(exchange: CassetteExchange): string | undefined {
    if (this.full) return undefined
    const bytes = JSON.stringify(exchange).length
    if (this.exchanges.length < MAX_RECORDED_EXCHANGES && this.bytes + bytes <= this.maxBytes) {
      this.exchanges.push(exchange)
      this.bytes += bytes
      return undefined
    }
    this.full = true
    return `Recording stopped after ${this.exchanges.length} exchanges (${formatBytes(this.bytes)}): a recording keeps at most ${MAX_RECORDED_EXCHANGES} exchanges and ${formatBytes(this.maxBytes)}. Later requests run but are not recorded.`
  }

  /** Writes the cassette with the history, and under its name when the run gave one; resolves with the log line of the named save. */
  async save(runId: string, toolId: string, cassettes: CassetteStore): Promise<string | undefined> {
    const cassette = newCassette(toolId, this.exchanges)
    // Both files are redacted by the store with the run's secrets (the exchanges hold what the tool really sent).
    await cassettes.saveRecording(runId, cassette, this.secrets)
    if (this.saveAs === undefined) return undefined
    return `Recorded ${cassette.exchanges.length} exchanges of run ${runId}: ${await cassettes.save(toolId, this.saveAs, cassette, this.secrets)}`
  }
}
