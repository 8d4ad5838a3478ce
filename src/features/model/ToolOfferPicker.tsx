// Which tools the model is offered: the open tool, a chosen set of catalog tools (checkboxes, the open tool first), or
// the whole catalog. Radio buttons and checkboxes, so the arrow keys and Space work as everywhere.
import { useId, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { catalogQuery } from '../../api/queries.ts'
import type { OfferMode } from './tryDraft.ts'

interface Props {
  toolId: string
  offer: OfferMode
  chosen: string[]
  onChange: (next: { offer: OfferMode; chosen: string[] }) => void
  invalid?: boolean
  describedBy?: string
}

export function ToolOfferPicker({ toolId, offer, chosen, onChange, invalid, describedBy }: Props) {
  const id = useId()
  const api = useApi()
  const catalog = useQuery(catalogQuery(api))
  const ids = catalog.data?.tools.map((t) => t.id) ?? []
  const listed = [toolId, ...ids.filter((t) => t !== toolId)]
  const pick = (mode: OfferMode) =>
    onChange({ offer: mode, chosen: mode === 'set' && chosen.length === 0 ? [toolId] : chosen })
  const toggle = (tool: string, on: boolean) =>
    onChange({ offer, chosen: listed.filter((t) => (t === tool ? on : chosen.includes(t))) })
  const radio = (mode: OfferMode, label: ReactNode) => (
    <label className="flex items-center gap-1.5 text-xs">
      <input type="radio" name={`${id}-offer`} value={mode} checked={offer === mode} onChange={() => pick(mode)} />
      {label}
    </label>
  )
  return (
    <fieldset className="space-y-1 rounded-md border border-zinc-200 p-2 dark:border-zinc-700">
      <legend className="px-1 text-xs font-medium">Tools offered</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {radio(
          'tool',
          <span>
            This tool <span className="font-mono">{toolId}</span>
          </span>,
        )}
        {radio('set', 'A chosen set')}
        {radio('all', `The whole catalog${ids.length ? ` (${ids.length})` : ''}`)}
      </div>
      {offer === 'set' && (
        <ul
          aria-label="Tools to offer"
          aria-invalid={invalid}
          aria-describedby={invalid ? describedBy : undefined}
          className="max-h-36 overflow-auto rounded border border-zinc-200 p-1 dark:border-zinc-700"
        >
          {listed.map((tool) => (
            <li key={tool}>
              <label className="flex items-center gap-1.5 font-mono text-xs">
                <input
                  type="checkbox"
                  checked={chosen.includes(tool)}
                  onChange={(e) => toggle(tool, e.target.checked)}
                />
                {tool}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  )
}
