// The per-action control routes of the first API version (`POST /api/runs/:id/approval`, `/resume`, `/respond`,
// `/continue`, `/abort`), kept for scripts written against the old API. Each maps its body to one RunControl and is
// answered by the same handler as `POST /api/runs/:id/control`, the route the UI uses; nothing else calls them.

import type { Context, Hono } from 'hono'
import type { z } from 'zod'
import {
  AbortBody,
  ApprovalBody,
  EmptyBody,
  RespondBody,
  ResumeBody,
  type RunControl,
} from '../../src/shared/protocol.ts'

/**
 * What `POST /api/runs/:id/control` does with a request: reads its body with `schema` (an empty body reads as
 * `emptyAs`; without it, an empty body is refused), maps it to a control with `toControl` and steers the run.
 */
export type ControlHandler = <S extends z.ZodType>(
  c: Context,
  schema: S,
  toControl: (body: z.infer<S>) => RunControl,
  emptyAs?: unknown,
) => Promise<Response>

/** One legacy route: its last path segment, its body and the control that body stands for. */
interface LegacyControlRoute<S extends z.ZodType = z.ZodType> {
  path: string
  schema: S
  emptyAs?: unknown
  toControl: (body: z.infer<S>) => RunControl
}

const route = <S extends z.ZodType>(r: LegacyControlRoute<S>): LegacyControlRoute => r as unknown as LegacyControlRoute

/** The legacy routes, each with the RunControl its body maps to. */
const LEGACY_CONTROL_ROUTES: readonly LegacyControlRoute[] = [
  route({
    path: 'approval',
    schema: ApprovalBody,
    toControl: (b) => (b.approved ? { type: 'approve' } : { type: 'decline', reason: b.reason }),
  }),
  route({ path: 'resume', schema: ResumeBody, toControl: (b) => ({ type: 'resume', resumeData: b.resumeData }) }),
  route({
    path: 'respond',
    schema: RespondBody,
    toControl: (b) => ({ type: 'respond', action: b.action, content: b.content }),
  }),
  route({ path: 'continue', schema: EmptyBody, emptyAs: {}, toControl: () => ({ type: 'continue' }) }),
  route({ path: 'abort', schema: AbortBody, emptyAs: {}, toControl: (b) => ({ type: 'abort', reason: b.reason }) }),
]

/** The last path segment of every legacy route (`/api/runs/:id/<path>`), so a test can prove it covers them all. */
export const LEGACY_CONTROL_PATHS: readonly string[] = LEGACY_CONTROL_ROUTES.map((r) => r.path)

/** Adds the legacy control routes to `app` (before its /api catch-all), each answered by `control`. */
export function mountLegacyControlRoutes(app: Hono, control: ControlHandler): void {
  for (const legacy of LEGACY_CONTROL_ROUTES) {
    app.post(`/api/runs/:id/${legacy.path}`, (c) => control(c, legacy.schema, legacy.toControl, legacy.emptyAs))
  }
}
