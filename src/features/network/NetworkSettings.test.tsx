// The network mode picker against a fake ApiClient: in Replay, a tool with exactly one cassette has it selected.
import { afterEach, describe, expect, it } from 'vitest'
import { useState } from 'react'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { createFakeApi } from '../../test/fakeApi.ts'
import { renderWithApi } from '../../test/renderWithApi.tsx'
import { defaultNetworkDraft, type NetworkDraft } from '../runs/startBody.ts'
import { NetworkSettings } from './NetworkSettings.tsx'

function Picker() {
  const [draft, setDraft] = useState<NetworkDraft>(defaultNetworkDraft)
  return (
    <NetworkSettings
      toolId="exchange-rate"
      draft={draft}
      onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
      onSubmit={() => {}}
    />
  )
}

afterEach(cleanup)

describe('NetworkSettings in Replay', () => {
  it('selects the only cassette of the tool', async () => {
    const api = createFakeApi()
    api.cassettes = async () => ({ root: 'cassettes', names: ['eur-usd'] })
    renderWithApi(<Picker />, api)
    fireEvent.change(screen.getByLabelText('Network mode'), { target: { value: 'replay' } })
    await waitFor(() => expect((screen.getByLabelText('Cassette') as HTMLSelectElement).value).toBe('eur-usd'))
  })

  it('leaves the choice to the user when there are several', async () => {
    const api = createFakeApi()
    api.cassettes = async () => ({ root: 'cassettes', names: ['eur-usd', 'usd-jpy'] })
    renderWithApi(<Picker />, api)
    fireEvent.change(screen.getByLabelText('Network mode'), { target: { value: 'replay' } })
    await screen.findByRole('option', { name: 'usd-jpy' })
    expect((screen.getByLabelText('Cassette') as HTMLSelectElement).value).toBe('')
  })
})
