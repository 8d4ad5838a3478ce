// The tool host's options and the state it reports: its catalog (GET /api/tools) and its worker and slot counts.

import type { CatalogError, McpServerState, ToolDetail } from '../../src/shared/protocol.ts'
import type { McpServerSpec } from '../mcpSources/config.ts'
import type { ConnectionLimits } from '../mcpSources/connection.ts'
import type { RunSink } from './runSink.ts'
import type { SlotStats } from './slots.ts'

/** Options of the tool host. */
export interface ToolHostOptions {
  paths: string[]
  watch: boolean
  sink: RunSink
  log: (line: string) => void
  /** How long importing the modules may take before the worker is declared hung. */
  loadTimeoutMs?: number
  /** Debounce for file changes. */
  watchDebounceMs?: number
  maxOldGenerationSizeMb?: number
  /** Loaded idle workers kept ready, so a run starts without an import (default 1). */
  spareWorkers?: number
  /** Idle workers kept at most after a burst of runs (default 4, or `maxWorkers` when smaller). */
  maxIdleWorkers?: number
  /**
   * Runs executing at once, at most (default from memory: defaultMaxWorkers()); more starts queue for a slot. A run
   * waiting for a person holds no slot, so a tool that blocks its thread never delays approvals, and waiting runs never
   * block starts.
   */
  maxWorkers?: number
  /**
   * Route the tools' HTTP through the network interception (events, record, replay, mock). Default true; off only to
   * measure what interception costs (`npm run bench:server`): runs then make their requests unseen.
   */
  interceptNetwork?: boolean
  /** More header and query parameter names to redact in network events and recordings (beside the built-in list). */
  redact?: { headers?: string[]; query?: string[] }
  /** Bytes a run's recording (network mode `record`) keeps at most: the per-run limit (default 50 MiB). */
  recordingBytes?: number
  /** Send the tools' console output to stderr instead of stdout (CLI commands whose stdout is machine-read). */
  toolOutputToStderr?: boolean
  /** MCP servers whose tools join the catalog: those given (`--mcp`), and those of `configDir`'s `.mcp.json`. */
  mcp?: { servers: McpServerSpec[]; configDir?: string; limits?: Partial<ConnectionLimits> }
}

/** Catalog state served by GET /api/tools. */
export interface HostCatalog {
  version: number
  tools: ToolDetail[]
  errors: CatalogError[]
  /** The MCP servers the catalog's `mcp` tools come from (absent when there are none). */
  servers?: McpServerState[]
}

/** Worker and slot counts, for tests and diagnostics. */
export interface HostStats extends SlotStats {
  idle: number
  busy: number
  loading: number
  /** Every worker thread of this host still alive (any generation, any state). */
  live: number
  /** Workers created since the host started (reuse keeps this low). */
  created: number
  /** Runs waiting for approval or resume data on no worker (kept as checkpoints). */
  parked: number
}
