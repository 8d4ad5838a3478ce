// The Run tab's prompt cards (RunPrompts), handed to the Model tab by the tool page instead of imported by it: a static
// import from this lazily loaded chunk made the bundler split the modules it shares with the first page load into a
// chunk of their own, about 1.6 KB (gzip) more initial JavaScript. ToolCallCard reads it from this context.
import { createContext, useContext, type ComponentType } from 'react'
import type { RunState } from '../../shared/runState.ts'

export type PromptsComponent = ComponentType<{ runId: string; state: RunState }>

export const PromptsSlot = createContext<PromptsComponent | null>(null)

/** The prompt cards of a run; nothing when no tool page provided them. */
export function usePrompts(): PromptsComponent | null {
  return useContext(PromptsSlot)
}
