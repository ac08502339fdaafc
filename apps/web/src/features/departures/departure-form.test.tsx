/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FieldDef } from '../../components/resource/define'
import { configureApiClient } from '../../lib/api-client'
import { render, screen, userEvent, waitFor, within } from '../../test-utils/render'
import { FieldHarness, valuesOf } from '../../test-utils/form-harness'
import departures from './departures.resource'

afterEach(() => configureApiClient({ fetch: (...a) => globalThis.fetch(...a) }))

const HOTELS = [
  { id: 1, name: 'Dar Al Taqwa' },
  { id: 2, name: 'Swissotel Makkah' },
]
const ROOMS = [
  { id: 11, hotel_id: 1, name: 'Quad Madinah', hotel: { name: 'Dar Al Taqwa' } },
  { id: 12, hotel_id: 1, name: 'Double Madinah', hotel: { name: 'Dar Al Taqwa' } },
  { id: 21, hotel_id: 2, name: 'Quad Makkah', hotel: { name: 'Swissotel Makkah' } },
]

/** The hotels and rooms the form's sources load, by path. */
function serveCatalogue() {
  configureApiClient({
    fetch: vi.fn(async (url: RequestInfo | URL) => {
      const data = String(url).startsWith('/api/v1/rooms') ? ROOMS : String(url).startsWith('/api/v1/hotels') ? HOTELS : []
      return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } })
    }),
  })
}

/** On a loaded machine the options can take more than testing-library's 1 s to show. */
const PATIENCE = { timeout: 10_000 }

const stays = departures.fields!.find((f) => f.name === 'stays') as FieldDef

async function optionsOf(user: ReturnType<typeof userEvent.setup>, entry: HTMLElement, label: string) {
  await user.click(within(entry).getAllByLabelText(new RegExp(`^${label}`))[0]!)
  const names = (await screen.findAllByRole('option', {}, PATIENCE)).map((o) => o.textContent)
  await user.keyboard('{Escape}')
  return names
}

describe('the departure form', () => {
  it("offers a stay only the rooms of the stay's hotel, and clears a room when the hotel changes", async () => {
    serveCatalogue()
    const user = userEvent.setup()
    render(<FieldHarness field={stays} />)
    const first = screen.getByRole('group', { name: 'Stay 1' })

    await user.click(within(first).getAllByLabelText(/^hotel_id/)[0]!)
    await user.click(await screen.findByRole('option', { name: 'Dar Al Taqwa' }, PATIENCE))
    expect(await optionsOf(user, first, 'room_id')).toEqual(['Quad Madinah', 'Double Madinah'])
    await user.click(within(first).getAllByLabelText(/^room_id/)[0]!)
    await user.click(await screen.findByRole('option', { name: 'Quad Madinah' }, PATIENCE))
    await waitFor(() => expect(valuesOf().stays[0]).toMatchObject({ hotel_id: 1, room_id: 11 }), PATIENCE)

    // A second stay in Makkah: its own hotel's rooms; the first stay keeps its own.
    await user.click(screen.getByRole('button', { name: 'Add a stay' }))
    const second = screen.getByRole('group', { name: 'Stay 2' })
    // No hotel yet: no room to choose.
    await user.click(within(second).getAllByLabelText(/^room_id/)[0]!)
    expect(screen.queryAllByRole('option')).toHaveLength(0)
    await user.keyboard('{Escape}')
    await user.click(within(second).getAllByLabelText(/^hotel_id/)[0]!)
    await user.click(await screen.findByRole('option', { name: 'Swissotel Makkah' }, PATIENCE))
    expect(await optionsOf(user, second, 'room_id')).toEqual(['Quad Makkah'])
    expect(await optionsOf(user, first, 'room_id')).toHaveLength(2)

    // The first stay moved to the Makkah hotel: its Madinah room is no longer offered, so it is cleared.
    await user.click(within(first).getAllByLabelText(/^hotel_id/)[0]!)
    await user.click(await screen.findByRole('option', { name: 'Swissotel Makkah' }, PATIENCE))
    await waitFor(() => expect(valuesOf().stays[0]).toMatchObject({ hotel_id: 2, room_id: null }), PATIENCE)
  })
})
