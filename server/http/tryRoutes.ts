// "Try with a model" over HTTP: `GET /api/models` lists the providers and whether each has a key (never the
// key), `POST /api/try` starts a conversation (202 with its id), `GET /api/try/:id` reads it back,
// `GET /api/try/:id/events` streams its TryEvents from the first (or after Last-Event-ID), and
// `POST /api/try/:id/cancel` stops it. The runs a conversation starts are normal runs: their approvals are answered
// with the usual run controls.

import type { Hono } from 'hono'
import {
  MODEL_PROVIDERS,
  TryBody,
  type ModelsInfo,
  type ModelTarget,
  type TryStarted,
} from '../../src/shared/protocol.ts'
import { apiError } from './apiError.ts'
import { readJson } from './body.ts'
import { shownId } from './security.ts'
import { lastEventIdOf, sseResponse } from './sse.ts'
import { KEY_VARIABLES, type ModelKeys } from '../models/keys.ts'
import { PROVIDER_INFO } from '../models/providerModels.ts'
import { TooManyTriesError, type TrySessions } from '../models/trySessions.ts'

export interface TryRouteDeps {
  sessions: TrySessions
  keys: ModelKeys
  /** The form's default model (`--provider/--model/--base-url` at start). */
  defaultModel?: ModelTarget
}

export function mountTryRoutes(app: Hono, deps: TryRouteDeps): void {
  const { sessions, keys } = deps
  const unknown = (id: string) => `No conversation ${shownId(id)}.`

  app.get('/api/models', (c) => {
    const providers = MODEL_PROVIDERS.map((id) => ({
      id,
      label: PROVIDER_INFO[id].label,
      keyVariables: [...KEY_VARIABLES[id]],
      hasKey: keys.hasKey(id),
      ...(PROVIDER_INFO[id].defaultBaseURL ? { defaultBaseURL: PROVIDER_INFO[id].defaultBaseURL } : {}),
    }))
    return c.json({ providers, ...(deps.defaultModel ? { defaultModel: deps.defaultModel } : {}) } satisfies ModelsInfo)
  })

  app.post('/api/try', async (c) => {
    const body = await readJson(c, TryBody)
    if (!body.ok) return body.response
    try {
      return c.json({ tryId: sessions.start(body.data) } satisfies TryStarted, 202)
    } catch (err) {
      if (err instanceof TooManyTriesError) return apiError(c, 'too-many-runs', err.message)
      throw err
    }
  })

  app.get('/api/try/:id', (c) => {
    const session = sessions.get(c.req.param('id'))
    return session ? c.json(session) : apiError(c, 'not-found', unknown(c.req.param('id')))
  })

  app.get('/api/try/:id/events', (c) => {
    const id = c.req.param('id')
    if (!sessions.get(id)) return apiError(c, 'not-found', unknown(id))
    // A reconnecting client names the last event it has (Last-Event-ID): only the later ones are sent again.
    const after = lastEventIdOf(c.req.raw)
    return sseResponse((sink) => {
      const unsubscribe = sessions.subscribe(id, (event) => {
        if (event.seq <= after && event.type !== 'finished') return
        sink.send({ event: 'try', id: event.seq, data: event })
        if (event.type === 'finished') queueMicrotask(() => sink.close())
      })
      return () => unsubscribe?.()
    })
  })

  app.post('/api/try/:id/cancel', (c) => {
    const id = c.req.param('id')
    if (!sessions.cancel(id)) return apiError(c, 'not-found', unknown(id))
    return c.json(sessions.get(id)!)
  })
}
