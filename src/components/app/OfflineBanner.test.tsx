// A page the server refuses (401) says how to get in, as a browser user would: open the printed URL with ?token=,
// a missing token told apart from a wrong one, and no "Reconnecting…" loop.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { ApiRequestError } from '../../api/client.ts'
import { setConnection } from '../../api/connection.ts'
import { createFakeApi, type FakeApi } from '../../test/fakeApi.ts'
import { renderWithApi } from '../../test/renderWithApi.tsx'
import { HotReloadNotice } from './HotReloadNotice.tsx'
import { OfflineBanner } from './OfflineBanner.tsx'

function refusingApi(token: string | undefined): FakeApi {
  const api = createFakeApi()
  Object.assign(api, { token })
  api.openStream = async (path, init) => {
    api.opened.push({ path, lastEventId: init.lastEventId })
    throw new ApiRequestError(401, { error: 'Toolscope needs its session token', code: 'unauthorized' }, '401')
  }
  return api
}

afterEach(() => {
  cleanup()
  setConnection('catalog', true) // a good connection clears the token problem for the next test
})

describe('the token message', () => {
  it('asks a page with no token to open the printed URL, and does not reconnect', async () => {
    const api = refusingApi(undefined)
    renderWithApi(
      <>
        <OfflineBanner />
        <HotReloadNotice />
      </>,
      api,
    )
    const alert = await screen.findByRole('alert', { name: 'Session token' })
    expect(alert.textContent).toContain('This page has no session token')
    expect(alert.textContent).toContain('Open the URL Toolscope printed in the terminal')
    expect(alert.textContent).toContain('?token=')
    expect(alert.textContent).not.toContain('Authorization')
    expect(screen.queryByText(/Reconnecting/)).toBeNull()
    expect(api.opened).toHaveLength(1)
  })

  it('tells a refused token from a missing one', async () => {
    renderWithApi(
      <>
        <OfflineBanner />
        <HotReloadNotice />
      </>,
      refusingApi('stale'),
    )
    const alert = await screen.findByRole('alert', { name: 'Session token' })
    expect(alert.textContent).toContain('The session token of this page was refused')
    await waitFor(() => expect(screen.queryByText(/Reconnecting/)).toBeNull())
  })
})
