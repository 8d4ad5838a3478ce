// Registers the detectors for tools made with other libraries (Mastra tools, agents and instances; AI SDK tools) and the
// unknown-kind check. Imported by the tool-host worker only: nothing here loads @mastra/core or ai until a module uses them.

import { registerSource, registerUnknownReason } from '../detect.ts'
import { aiSdkToolSource } from './aiSdk.ts'
import { mastraToolSource } from './mastra.ts'
import { mastraAgentSource, mastraInstanceSource } from './mastraInstance.ts'
import { unknownToolReason } from './unknown.ts'

/** Registers every built-in source (idempotent). */
export function registerBuiltInSources(): void {
  registerSource(mastraToolSource)
  registerSource(mastraInstanceSource)
  registerSource(mastraAgentSource)
  registerSource(aiSdkToolSource)
  registerUnknownReason(unknownToolReason)
}
