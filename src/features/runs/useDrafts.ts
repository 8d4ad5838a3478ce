// Per-tool drafts (input, request context, context fields) persisted in localStorage, so they survive
// reloads and hot reloads. A tool without a draft starts from its first example, else its schema defaults.
import { useMemo } from 'react'
import type { ToolDetail } from '../../shared/protocol.ts'
import { useSetting } from '../../hooks/useSetting.ts'
import { valueFromSchema } from '../editor/schemaDefaults.ts'
import {
  defaultContextDraft,
  defaultNetworkDraft,
  type ContextDraft,
  type NetworkDraft,
  type RunDrafts,
} from './startBody.ts'

/** Initial input text of a tool: first example, else schema defaults, else `{}`. */
export function initialInput(tool: ToolDetail): string {
  const value = tool.inputExamples?.[0]?.input ?? valueFromSchema(tool.schemas.input) ?? {}
  return JSON.stringify(value, null, 2)
}

/** Drafts of one tool and their setters. */
export function useDrafts(tool: ToolDetail) {
  const fallback = useMemo(() => initialInput(tool), [tool])
  const [input, setInput] = useSetting(`draft:input:${tool.id}`, fallback)
  const [requestContext, setRequestContext] = useSetting(`draft:rc:${tool.id}`, tool.schemas.requestContext ? '{}' : '')
  const [contextText, setContextText] = useSetting(`draft:context:${tool.id}`, '')
  const context = useMemo<ContextDraft>(() => {
    try {
      return { ...defaultContextDraft, ...(contextText ? JSON.parse(contextText) : {}) }
    } catch {
      return defaultContextDraft
    }
  }, [contextText])
  const [networkText, setNetworkText] = useSetting(`draft:network:${tool.id}`, '')
  const network = useMemo<NetworkDraft>(() => {
    try {
      return { ...defaultNetworkDraft, ...(networkText ? JSON.parse(networkText) : {}) }
    } catch {
      return defaultNetworkDraft
    }
  }, [networkText])
  const drafts: RunDrafts = { input, requestContext, context, network }
  return {
    drafts,
    setInput: (v: string) => setInput(v),
    setRequestContext: (v: string) => setRequestContext(v),
    setContext: (patch: Partial<ContextDraft>) => setContextText(JSON.stringify({ ...context, ...patch })),
    setNetwork: (patch: Partial<NetworkDraft>) => setNetworkText(JSON.stringify({ ...network, ...patch })),
  }
}
