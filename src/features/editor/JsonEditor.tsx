// JSON editor entry point: Monaco is loaded lazily in its own chunk; until then (or if it fails to load) a
// plain textarea edits the same value, so the page is usable at once and never blank.
import { lazy, Suspense } from 'react'
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx'

const MonacoJsonEditor = lazy(() => import('./MonacoJsonEditor.tsx'))

/** Props of every JSON editor in the app. */
export interface JsonEditorProps {
  /** Model URI, e.g. `inmemory://toolscope/input/<tool>.json`; schemas are matched by it. */
  path: string
  value: string
  onChange?: (value: string) => void
  schema?: Record<string, unknown>
  /** Accessible name of the editor. */
  label: string
  /** Ctrl/Cmd+Enter inside the editor. */
  onSubmit?: () => void
  height?: number
  readOnly?: boolean
}

function PlainEditor({ value, onChange, label, height = 160, readOnly }: JsonEditorProps) {
  return (
    <textarea
      aria-label={label}
      value={value}
      readOnly={readOnly}
      spellCheck={false}
      onChange={(e) => onChange?.(e.target.value)}
      style={{ height }}
      className="w-full rounded-md border border-zinc-300 bg-white p-2 font-mono text-xs dark:border-zinc-600 dark:bg-zinc-900"
    />
  )
}

export function JsonEditor(props: JsonEditorProps) {
  return (
    <ErrorBoundary what="the editor">
      <Suspense fallback={<PlainEditor {...props} />}>
        <MonacoJsonEditor {...props} />
      </Suspense>
    </ErrorBoundary>
  )
}
