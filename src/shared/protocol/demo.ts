// Static demos (`toolscope build`): the manifest of a demo site and each recorded run it plays back.

import { z } from 'zod'
import { FORMAT_VERSIONS } from '../formats/versions.ts'
import { Catalog } from './catalog.ts'
import { RunEvent } from './events.ts'
import { RunDetail, RunSummary } from './runs.ts'

/** A recorded run in a static demo: its summary and where it came from (`scenario "taipei"`, `history`). */
export const DemoRunEntry = RunSummary.extend({ source: z.string(), file: z.string() })
export type DemoRunEntry = z.infer<typeof DemoRunEntry>

/**
 * `demo/manifest.json` of a site written by `toolscope build`: the catalog, the recorded runs, and the files holding
 * each tool's detail and provider report (paths relative to the manifest).
 */
export const DemoManifest = z.object({
  format: z.literal('toolscope-demo'),
  version: z.literal(FORMAT_VERSIONS.demoManifest),
  builtAt: z.string(),
  catalog: Catalog,
  tools: z.record(z.string(), z.object({ detail: z.string(), providers: z.string().optional() })),
  runs: z.array(DemoRunEntry),
})
export type DemoManifest = z.infer<typeof DemoManifest>

/** One recorded run of a demo (`demo/runs/<n>.json`): its detail and every event, as the playground recorded them. */
export const DemoRun = z.object({ detail: RunDetail, events: z.array(RunEvent) })
export type DemoRun = z.infer<typeof DemoRun>
