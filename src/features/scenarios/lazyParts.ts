// The scenario UI loads on demand, in its own chunk: it is not needed before the tool list is usable
// (initial JavaScript budget) and it brings the expectation's JSON Schema with it.
import { lazy } from 'react'

export const SaveScenarioForm = lazy(() => import('./SaveScenarioForm.tsx'))
export const ExportPanel = lazy(() => import('./ExportPanel.tsx'))
export const ScenariosTab = lazy(() => import('./ScenariosTab.tsx'))
