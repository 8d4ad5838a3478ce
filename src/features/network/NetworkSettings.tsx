// The network mode next to Run: Live (real traffic), Record (real traffic saved as a cassette, under a name if one is
// typed), Replay (answers from a cassette of this tool, no traffic) and Mock (answers from rules edited in Monaco,
// with completion from the mock schema).
import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { NetworkMode } from '../../shared/protocol.ts'
import mocksSchema from '../../testbench/mocks.schema.json'
import { useApi } from '../../api/useApi.ts'
import { cassettesQuery } from '../../api/queries.ts'
import { JsonEditor } from '../editor/JsonEditor.tsx'
import { modelUri } from '../editor/modelUri.ts'
import type { NetworkDraft } from '../runs/startBody.ts'

const MODES: Array<{ mode: NetworkMode; label: string; hint: string }> = [
  { mode: 'live', label: 'Live', hint: 'real traffic, shown' },
  { mode: 'record', label: 'Record', hint: 'real traffic, saved as a cassette' },
  { mode: 'replay', label: 'Replay', hint: 'answered from a cassette, no traffic' },
  { mode: 'mock', label: 'Mock', hint: 'answered by your rules' },
]
const field = 'rounded-md border border-zinc-300 bg-white px-2 py-1 text-xs dark:border-zinc-600 dark:bg-zinc-900'

interface Props {
  toolId: string
  draft: NetworkDraft
  onChange: (patch: Partial<NetworkDraft>) => void
  onSubmit: () => void
}

export function NetworkSettings({ toolId, draft, onChange, onSubmit }: Props) {
  const api = useApi()
  const cassettes = useQuery({ ...cassettesQuery(api, toolId), enabled: draft.mode === 'replay' })
  const hint = MODES.find((m) => m.mode === draft.mode)?.hint
  // With exactly one cassette there is nothing to choose: select it, so Replay works on the first try.
  const only =
    draft.mode === 'replay' && !draft.cassette && cassettes.data?.names.length === 1
      ? cassettes.data.names[0]
      : undefined
  useEffect(() => {
    if (only) onChange({ cassette: only })
  }, [only, onChange])
  return (
    <fieldset
      aria-label="Network"
      className="space-y-2 rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-700"
    >
      <legend className="sr-only">Network</legend>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <label className="flex items-center gap-1.5 font-semibold text-zinc-700 dark:text-zinc-300">
          Network
          <select
            aria-label="Network mode"
            className={field}
            value={draft.mode}
            onChange={(e) => onChange({ mode: e.target.value as NetworkMode })}
          >
            {MODES.map((m) => (
              <option key={m.mode} value={m.mode}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        <span className="text-zinc-500">{hint}</span>
        {draft.mode === 'record' && (
          <label className="ml-auto flex items-center gap-1.5">
            Save as
            <input
              aria-label="Cassette name to record"
              className={`${field} w-36 font-mono`}
              placeholder="(with the run only)"
              value={draft.recordAs}
              onChange={(e) => onChange({ recordAs: e.target.value })}
            />
          </label>
        )}
        {draft.mode === 'replay' && (
          <label className="ml-auto flex items-center gap-1.5">
            Cassette
            <select
              aria-label="Cassette"
              className={`${field} font-mono`}
              value={draft.cassette}
              onChange={(e) => onChange({ cassette: e.target.value })}
            >
              <option value="">
                {cassettes.isPending ? 'loading…' : cassettes.data?.names.length ? 'choose…' : 'none recorded'}
              </option>
              {cassettes.data?.names.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {draft.mode === 'replay' && cassettes.data && cassettes.data.names.length === 0 && (
        <p className="text-xs text-zinc-500">
          No cassette for this tool in <span className="font-mono">{cassettes.data.root}</span> yet: run it once with
          Record and a name.
        </p>
      )}
      {draft.mode === 'mock' && (
        <JsonEditor
          path={modelUri('mocks', toolId)}
          label="Mock rules"
          value={draft.mocks}
          onChange={(mocks) => onChange({ mocks })}
          schema={mocksSchema}
          height={140}
          onSubmit={onSubmit}
        />
      )}
    </fieldset>
  )
}
