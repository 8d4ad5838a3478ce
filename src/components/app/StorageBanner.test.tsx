// The storage banner: down while history is saved, up with the reason when the server's history list says it is not.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { createFakeApi } from '../../test/fakeApi.ts'
import { renderWithApi } from '../../test/renderWithApi.tsx'
import { StorageBanner } from './StorageBanner.tsx'

afterEach(cleanup)

describe('StorageBanner', () => {
  it('says the disk is full when the history list carries storage: disk-full, and nothing otherwise', async () => {
    const api = createFakeApi()
    renderWithApi(<StorageBanner />, api)
    await waitFor(() => expect(api.runQueries).toEqual([{ limit: 1 }]))
    expect(screen.queryByRole('alert')).toBeNull()
    cleanup()

    const full = createFakeApi()
    full.listRuns = () => ({
      runs: [],
      storage: {
        code: 'disk-full',
        message: 'Run history is not being saved: the disk is full (SQLITE_FULL).',
        since: '2026-12-02T00:00:00Z',
      },
    })
    renderWithApi(<StorageBanner />, full)
    const alert = await screen.findByRole('alert', { name: 'Storage problem' })
    expect(alert.textContent).toContain('The disk is full: run history is not being saved.')
  })
})
