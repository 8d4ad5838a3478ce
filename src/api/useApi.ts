// React context carrying the ApiClient, so features never build URLs themselves and tests can pass a fake.
import { createContext, useContext } from 'react'
import type { ApiClient } from './client.ts'

export const ApiContext = createContext<ApiClient | null>(null)

/** The ApiClient of the nearest provider. */
export function useApi(): ApiClient {
  const api = useContext(ApiContext)
  if (!api) throw new Error('useApi outside ApiContext')
  return api
}
