// Loads Monaco from the local bundle (never a CDN), wires its web workers through Vite's `?worker` imports,
// and keeps one merged JSON-schema registry: every editor (input, request context, resume data) adds its
// schema under its own model URI, because each setDiagnosticsOptions call replaces the previous list.
// Imported only by the lazily loaded editor chunk, so Monaco stays out of the initial JavaScript; the chunk is
// prefetched when the browser is idle (prefetchEditor.ts). Only the JSON language is bundled. The editor
// contributions come as one set: a hand-picked subset fails at run time (code lens and drag-and-drop services that
// other contributions depend on go missing) for a chunk that is not smaller in total.

import * as monaco from 'monaco-editor/editor'
import 'monaco-editor/features/register.all'
import { getWorker as getJsonWorker, jsonDefaults } from 'monaco-editor/languages/features/json/register'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker'
import { loader } from '@monaco-editor/react'
import { untilReady } from './untilReady.ts'

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker }
  }
}

window.MonacoEnvironment = {
  getWorker: (_id, label) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
}
loader.config({ monaco })

const schemas = new Map<string, Record<string, unknown>>()

function publish() {
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemaValidation: 'error',
    schemas: [...schemas].map(([modelUri, schema]) => ({ uri: `${modelUri}#schema`, fileMatch: [modelUri], schema })),
  })
}

/** Sets (or with `undefined` removes) the JSON Schema checked against the model at `modelUri`. */
export function setModelSchema(modelUri: string, schema: Record<string, unknown> | undefined): void {
  if (schema) schemas.set(modelUri, schema)
  else if (!schemas.delete(modelUri)) return
  publish()
}

/**
 * Warms the editor before the first one mounts: a throwaway editor on a JSON model, off screen, makes Monaco
 * create its services, load the JSON mode and start its worker, work that would otherwise happen after a tool is
 * picked.
 */
export async function warmUp(): Promise<void> {
  const model = monaco.editor.createModel('{}', 'json', monaco.Uri.parse('inmemory://toolscope/warm-up.json'))
  const host = document.createElement('div')
  host.style.cssText = 'position:fixed;left:-10000px;top:0;width:400px;height:200px;visibility:hidden'
  host.setAttribute('aria-hidden', 'true')
  document.body.append(host)
  const editor = monaco.editor.create(host, { model, automaticLayout: false, minimap: { enabled: false } })
  try {
    // Until the JSON mode is set up (asynchronously, after the first JSON model), getWorker() is refused.
    const getWorker = await untilReady(getJsonWorker)
    await getWorker(model.uri)
  } finally {
    editor.dispose()
    host.remove()
    model.dispose()
  }
}

export { monaco }
