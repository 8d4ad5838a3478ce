// Region "Network": the run's HTTP exchanges (status, method, URL, duration, who answered) and, for the selected one,
// its request and response headers and bodies (JSON pretty-printed). A recorded run can be saved as a named cassette;
// any run's exchanges can become mock rules to edit.
import { useEffect, useMemo, useRef, useState } from 'react'
import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query'
import type { HttpBody, SaveCassetteResponse } from '../../shared/protocol.ts'
import type { RunState } from '../../shared/runState.ts'
import { formatDuration } from '../../shared/duration.ts'
import { useApi } from '../../api/useApi.ts'
import { keys, runDetailQuery } from '../../api/queries.ts'
import { Button } from '../../components/ui/Button.tsx'
import { JsonBlock } from '../../components/ui/JsonBlock.tsx'
import { ApiErrorMessage } from '../runs/ApiErrorMessage.tsx'
import { exchangesOf, mocksFromExchanges, type Exchange } from './exchanges.ts'

interface Props {
  runId: string
  toolId: string
  state: RunState
  /** The run was started in network mode `record`: its cassette can be saved under a name. */
  recorded: boolean
  /** The exchange to show (chosen from the Events timeline). */
  focus?: { requestId: string }
  /** Puts rules built from these exchanges in the mock editor. */
  onUseAsMocks: (mocksText: string) => void
}

const STATUS_TONE = (e: Exchange) =>
  e.error
    ? 'text-rose-700 dark:text-rose-300'
    : !e.response
      ? 'text-zinc-500'
      : e.response.statusCode >= 400
        ? 'text-amber-700 dark:text-amber-300'
        : 'text-emerald-700 dark:text-emerald-300'

function statusText(e: Exchange): string {
  if (e.error) return 'failed'
  if (!e.response) return 'pending'
  return String(e.response.statusCode)
}

function answeredBy(e: Exchange): string | undefined {
  const by = e.response?.answeredBy ?? e.error?.answeredBy
  return by && (by.source === 'cassette' ? `cassette #${by.index + 1}` : `mock rule #${by.index + 1}`)
}

export default function NetworkPanel({ runId, toolId, state, recorded, focus, onUseAsMocks }: Props) {
  const exchanges = useMemo(() => exchangesOf(state.events), [state.events])
  const [selectedId, setSelectedId] = useState<string | undefined>(focus?.requestId)
  const region = useRef<HTMLElement>(null)
  useEffect(() => {
    if (!focus) return
    setSelectedId(focus.requestId)
    region.current?.scrollIntoView({ block: 'nearest' })
  }, [focus])
  const selected = exchanges.find((e) => e.requestId === selectedId)
  if (exchanges.length === 0 && !recorded) return null
  return (
    <section ref={region} aria-label="Network" className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-sm font-semibold">Network</h2>
        <span className="text-xs text-zinc-500">
          {exchanges.length} {exchanges.length === 1 ? 'exchange' : 'exchanges'}
        </span>
        {exchanges.length > 0 && state.finished && (
          <Button
            className="ml-auto !px-2 !py-0.5 text-xs"
            onClick={() => onUseAsMocks(JSON.stringify(mocksFromExchanges(exchanges), null, 2))}
          >
            Use as mocks
          </Button>
        )}
      </div>
      {recorded && state.finished && <SaveCassette runId={runId} toolId={toolId} />}
      {exchanges.length > 0 && (
        <div className="max-h-56 overflow-auto rounded-md border border-zinc-200 dark:border-zinc-700">
          <table className="w-full text-left text-xs">
            <thead className="sticky top-0 bg-zinc-50 text-zinc-500 dark:bg-zinc-900">
              <tr>
                <th className="px-2 py-1 font-medium">Status</th>
                <th className="px-2 py-1 font-medium">Method</th>
                <th className="px-2 py-1 font-medium">URL</th>
                <th className="px-2 py-1 text-right font-medium">Time</th>
              </tr>
            </thead>
            <tbody>
              {exchanges.map((e) => {
                const done = e.response ?? e.error
                const by = answeredBy(e)
                return (
                  <tr
                    key={e.requestId}
                    aria-selected={e.requestId === selectedId}
                    className={`cursor-pointer border-t border-zinc-100 dark:border-zinc-800 ${e.requestId === selectedId ? 'bg-sky-50 dark:bg-sky-950' : 'hover:bg-zinc-50 dark:hover:bg-zinc-900'}`}
                    onClick={() => setSelectedId(e.requestId === selectedId ? undefined : e.requestId)}
                  >
                    <td className={`px-2 py-1 font-mono font-semibold ${STATUS_TONE(e)}`}>{statusText(e)}</td>
                    <td className="px-2 py-1 font-mono">{e.request.method}</td>
                    <td className="px-2 py-1 font-mono wrap-anywhere">
                      <button
                        type="button"
                        className="text-left hover:underline focus-visible:underline"
                        aria-label={`${e.request.method} ${e.request.url}`}
                        onClick={(ev) => (
                          ev.stopPropagation(), setSelectedId(e.requestId === selectedId ? undefined : e.requestId)
                        )}
                      >
                        {e.request.url}
                      </button>
                      {by && (
                        <span className="ml-2 rounded bg-violet-100 px-1 text-[10px] text-violet-800 dark:bg-violet-900/60 dark:text-violet-200">
                          {by}
                        </span>
                      )}
                    </td>
                    <td className="px-2 py-1 text-right font-mono whitespace-nowrap">
                      {done ? formatDuration(done.durationMs) : '…'}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      {selected && <ExchangeDetail exchange={selected} />}
    </section>
  )
}

function ExchangeDetail({ exchange }: { exchange: Exchange }) {
  const { request, response, error } = exchange
  return (
    <div role="region" aria-label="Exchange detail" className="grid gap-3 md:grid-cols-2">
      <div className="min-w-0 space-y-1">
        <h3 className="text-xs font-semibold">
          Request{' '}
          <span className="font-mono font-normal wrap-anywhere">
            {request.method} {request.url}
          </span>
        </h3>
        <Headers headers={request.headers} label="Request headers" />
        <Body body={request.body} label="Request body" />
      </div>
      <div className="min-w-0 space-y-1">
        <h3 className="text-xs font-semibold">
          Response{' '}
          {response && (
            <span className="font-mono font-normal">
              {response.statusCode} {response.statusText ?? ''}
            </span>
          )}
        </h3>
        {error && (
          <p role="alert" className="text-xs text-rose-700 dark:text-rose-300">
            {error.message}
          </p>
        )}
        {response && <Headers headers={response.headers} label="Response headers" />}
        {response && <Body body={response.body} label="Response body" />}
        {!response && !error && <p className="text-xs text-zinc-500">Waiting for the response…</p>}
      </div>
    </div>
  )
}

function Headers({ headers, label }: { headers: Record<string, string>; label: string }) {
  const entries = Object.entries(headers)
  if (entries.length === 0) return <p className="text-xs text-zinc-500">No headers.</p>
  return (
    <dl
      aria-label={label}
      className="grid grid-cols-[max-content_1fr] gap-x-2 rounded bg-zinc-50 p-2 font-mono text-xs dark:bg-zinc-900"
    >
      {entries.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="text-zinc-500">{name}</dt>
          <dd className="wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A body as text: JSON pretty-printed, binary as base64, with its size and whether it was cut. */
function Body({ body, label }: { body?: HttpBody; label: string }) {
  if (!body) return <p className="text-xs text-zinc-500">No body.</p>
  let text = body.text ?? body.base64 ?? ''
  if (body.text !== undefined) {
    try {
      text = JSON.stringify(JSON.parse(body.text), null, 2)
    } catch {
      // not JSON: shown as is
    }
  }
  return (
    <div aria-label={label} role="group">
      <p className="text-[11px] text-zinc-500">
        {body.bytes} bytes{body.base64 !== undefined ? ', base64' : ''}
        {body.truncated ? ', cut (the tool got all of it)' : ''}
      </p>
      <JsonBlock text={text} copyLabel={`Copy ${label.toLowerCase()}`} className="max-h-56" />
    </div>
  )
}

/** Mutation key of "save this run's cassette": a save is found again by run (React Query keeps it), after a remount too. */
const saveCassetteKey = (runId: string) => ['save-cassette', runId] as const

function SaveCassette({ runId, toolId }: { runId: string; toolId: string }) {
  const api = useApi()
  const qc = useQueryClient()
  const [name, setName] = useState('')
  // A run recorded with a name was saved under it when it ended: nothing to offer.
  const detail = useQuery(runDetailQuery(api, runId))
  const named = detail.data?.request.cassette
  const savedAtStart = typeof named === 'string' ? named : undefined
  const save = useMutation({
    mutationKey: saveCassetteKey(runId),
    mutationFn: (as: string) => api.saveCassette(runId, { name: as }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.cassettes(toolId) }),
  })
  const saves = useMutationState({
    filters: { mutationKey: saveCassetteKey(runId), status: 'success' },
    select: (m) => ({ name: m.state.variables as string, result: m.state.data as SaveCassetteResponse }),
  })
  const saved = saves.at(-1)
  if (saved || savedAtStart) {
    return (
      <p role="status" aria-label="Cassette saved" className="text-xs text-emerald-800 dark:text-emerald-200">
        Saved as cassette <span className="font-mono">{saved?.name ?? savedAtStart}</span>
        {saved
          ? ` (${saved.result.exchanges} ${saved.result.exchanges === 1 ? 'exchange' : 'exchanges'}, ${saved.result.file})`
          : ' when the run was recorded'}
        : replay it with Network → Replay.
      </p>
    )
  }
  return (
    <form
      className="flex flex-wrap items-center gap-2 text-xs"
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate(name.trim())
      }}
    >
      <label className="flex items-center gap-1.5">
        Save as cassette
        <input
          aria-label="Cassette name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          className="w-40 rounded-md border border-zinc-300 bg-white px-2 py-1 font-mono dark:border-zinc-600 dark:bg-zinc-900"
        />
      </label>
      <Button type="submit" className="!px-2 !py-0.5 text-xs" disabled={!name.trim() || save.isPending}>
        Save
      </Button>
      <ApiErrorMessage error={save.error} />
    </form>
  )
}
