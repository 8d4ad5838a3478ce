// SPA entry: takes the session token, builds the API client and React Query client, renders the app. A page written
// by `toolscope build` names its demo manifest in a meta tag: the app then reads that instead of a server.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { takeToken } from './api/token.ts'
import { ApiRequestError, createHttpClient } from './api/client.ts'
import { createStaticClient } from './api/staticClient.ts'
import { ApiContext } from './api/useApi.ts'
import { ErrorBoundary } from './components/ui/ErrorBoundary.tsx'
import { App } from './App.tsx'
import './index.css'

const demoManifest = document.querySelector<HTMLMetaElement>('meta[name="toolscope-demo"]')?.content
const api = demoManifest ? createStaticClient(demoManifest) : createHttpClient({ token: takeToken() })
const queryClient = new QueryClient({
  defaultOptions: {
    // A 401 is not retried: only the right token (the printed URL) fixes it.
    queries: {
      retry: (n, err) => n < 2 && !(err instanceof ApiRequestError && err.status === 401),
      retryDelay: (n) => Math.min(2000, 300 * 2 ** n),
      refetchOnWindowFocus: false,
      staleTime: 5_000,
    },
  },
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary what="Toolscope">
      <ApiContext.Provider value={api}>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </ApiContext.Provider>
    </ErrorBoundary>
  </StrictMode>,
)
