// Runs as history lists them: live and end statuses of a record, summaries and pages, details, capacity, run export
// files, reruns and imports.

import { z } from 'zod'
import { RUN_STATUSES, type RunLifecycleStatus } from '../../runtime/status.ts'
import { RunControl, StartRunBody } from './commands.ts'
import { Caller, RunEvent, RunStatus, type Same } from './events.ts'
import { Cassette } from './network.ts'
import { FORMAT_VERSIONS } from '../formats/versions.ts'

/** Live state of a run on the server, as listed in history. */
export const RunRecordStatus = z.enum(RUN_STATUSES)
export type RunRecordStatus = z.infer<typeof RunRecordStatus>
const _sameStatuses: Same<RunRecordStatus, RunLifecycleStatus> = true
void _sameStatuses

export const RunRecord = z.object({
  runId: z.string(),
  toolId: z.string(),
  status: RunRecordStatus,
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  durationMs: z.number().optional(),
  request: StartRunBody,
  events: z.array(RunEvent),
})
export type RunRecord = z.infer<typeof RunRecord>

/** Where an imported run came from: its id on the server that exported it, and when the file was written. */
export const ImportedFrom = z.object({ runId: z.string(), exportedAt: z.string() })
export type ImportedFrom = z.infer<typeof ImportedFrom>

/** The point a rerun started from: the earlier run and the `seq` of its prompt that the rerun answered differently. */
export const RerunOf = z.object({ runId: z.string().min(1), atEvent: z.number().int().nonnegative() })
export type RerunOf = z.infer<typeof RerunOf>

/** How a run came to be, when not started from the playground: imported from a file, or rerun from a point of another. */
export const RunOrigin = z.object({
  imported: z.literal(true).optional(),
  importedFrom: ImportedFrom.optional(),
  rerunOf: RerunOf.optional(),
})
export type RunOrigin = z.infer<typeof RunOrigin>

/** One line of the history list: never the event log. `inputSummary` is the input as short, truncated JSON. */
export const RunSummary = z.object({
  ...RunOrigin.shape,
  runId: z.string(),
  toolId: z.string(),
  status: RunRecordStatus,
  caller: Caller,
  inputSummary: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  durationMs: z.number().optional(),
  eventCount: z.number().int().nonnegative(),
})
export type RunSummary = z.infer<typeof RunSummary>

/**
 * Why run history is not being saved right now (the disk is full, an I/O error, the folder became read-only): carried
 * by `RunPage.storage`, absent while history is saved. Runs in flight when it happened ended with this message.
 */
export const StorageStatus = z.object({
  code: z.enum(['disk-full', 'io-error', 'read-only']),
  message: z.string(),
  /** When saving first failed (ISO time). */
  since: z.string(),
})
export type StorageStatus = z.infer<typeof StorageStatus>

/** `GET /api/runs?tool=&status=&cursor=&limit=`: newest first; `nextCursor` fetches the next (older) page. */
export const RunPage = z.object({
  runs: z.array(RunSummary),
  nextCursor: z.string().optional(),
  storage: StorageStatus.optional(),
})
export type RunPage = z.infer<typeof RunPage>

/**
 * `GET /api/runs/:id`: the summary plus the (redacted) request; the events come from `/api/runs/:id/events`. A queued
 * run also says how many starts are queued ahead of it.
 */
export const RunDetail = RunSummary.extend({
  request: StartRunBody,
  queuePosition: z.number().int().nonnegative().optional(),
})
export type RunDetail = z.infer<typeof RunDetail>

/** `GET /api/capacity`: how many runs execute, wait for a person or are queued, against the server's bounds. */
export const Capacity = z.object({
  /** Runs holding an execution slot (each on a worker of its own). */
  executing: z.number().int().nonnegative(),
  /** Runs waiting for a person (approval, resume data, an answer, a step): they hold no slot. */
  waiting: z.number().int().nonnegative(),
  /** Runs waiting for a slot, in order. */
  queued: z.number().int().nonnegative(),
  /** Execution slots (derived from memory unless set). */
  slots: z.number().int().positive(),
  /** Runs in flight (queued, running or waiting), and the most allowed before a start answers 429. */
  live: z.number().int().nonnegative(),
  maxLiveRuns: z.number().int().positive(),
})
export type Capacity = z.infer<typeof Capacity>

/** The `format` of a run export file. */
export const RUN_EXPORT_FORMAT = 'toolscope-run'

/**
 * `GET /api/runs/:id/export`, the body of `POST /api/runs/import`: one finished run as a file (its record with the
 * request as stored, secrets already redacted, its events and, when it recorded one, its cassette). Versioned: a file
 * of a newer version is refused by name rather than misread.
 */
export const RunExport = z
  .object({
    format: z.literal(RUN_EXPORT_FORMAT),
    version: z.literal(FORMAT_VERSIONS.runExport),
    exportedAt: z.string(),
    run: RunRecord.extend({ status: RunStatus, events: z.array(RunEvent).min(1) })
      .strict()
      .refine((r) => r.events.at(-1)?.type === 'run-finished', {
        message: 'the events of a finished run end with `run-finished`',
        path: ['events'],
      }),
    cassette: Cassette.optional(),
  })
  .strict()
export type RunExport = z.infer<typeof RunExport>

/**
 * `POST /api/runs/:id/rerun`: a new run of a finished run's request (context as stored), its earlier prompts answered
 * as they were up to the prompt event `atEvent` (a seq), which gets `control` instead. Answers with StartRunResponse.
 */
export const RerunBody = z.object({ atEvent: z.number().int().nonnegative(), control: RunControl }).strict()
export type RerunBody = z.infer<typeof RerunBody>

/** `POST /api/runs/import` answers with the new id the imported run got. */
export const ImportRunResponse = z.object({ runId: z.string() })
export type ImportRunResponse = z.infer<typeof ImportRunResponse>
