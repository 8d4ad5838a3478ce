// Renders a component as the app does (React Query + ApiContext) with a fake ApiClient, for tests without a browser.
import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { ApiContext } from '../api/useApi.ts'
import { createFakeApi, type FakeApi } from './fakeApi.ts'

/** Renders `ui` with a fresh query client and `api` (a new fake by default); returns both with the screen. */
export function renderWithApi(ui: ReactElement, api: FakeApi = createFakeApi()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const view = render(
    <QueryClientProvider client={client}>
      <ApiContext.Provider value={api}>{ui}</ApiContext.Provider>
    </QueryClientProvider>,
  )
  return { api, client, ...view }
}
