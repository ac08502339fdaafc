/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { configureApiClient } from '../../../lib/api-client'
import { field } from '../define'
import { render, screen, userEvent, waitFor } from '../../../test-utils/render'
import { FieldHarness, valuesOf } from '../../../test-utils/form-harness'

afterEach(() => configureApiClient({ fetch: (...a) => globalThis.fetch(...a) }))

const json = (data: unknown) =>
  new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } })

function fakeApi() {
  const fetch = vi.fn(async (url: string | URL | Request) =>
    String(url).startsWith('/api/v1/group_attributes')
      ? json([
          { id: 10, name: 'Car Type', option_type: 'radio' },
          { id: 11, name: 'Route', option_type: 'checkbox' },
          { id: 12, name: 'Empty group', option_type: 'checkbox' },
        ])
      : json([
          { id: 1, name: 'Bus', group_id: 10 },
          { id: 2, name: 'GMC', group_id: 10 },
          { id: 3, name: 'Jeddah Airport - Makkah', group_id: 11 },
          { id: 4, name: 'Makkah - Madinah', group_id: 11 },
        ]),
  )
  configureApiClient({ fetch })
  return fetch
}

const attrs = field.attributes('attributes_list', { groupType: 'transportation' })

describe('AttributesField', () => {
  it('asks for the groups and values of one type and keeps one id list over all groups', async () => {
    const fetch = fakeApi()
    const user = userEvent.setup()
    render(<FieldHarness field={attrs} />)
    await user.click(await screen.findByRole('radio', { name: 'Bus' }))
    await user.click(screen.getByRole('checkbox', { name: 'Makkah - Madinah' }))
    await user.click(screen.getByRole('checkbox', { name: 'Jeddah Airport - Makkah' }))
    // A radio group holds one value: choosing another replaces it, the other group's values stay.
    await user.click(screen.getByRole('radio', { name: 'GMC' }))
    await waitFor(() => expect(valuesOf().attributes_list).toEqual([4, 3, 2]))
    const urls = fetch.mock.calls.map((c) => String(c[0]))
    expect(urls.some((u) => u.startsWith('/api/v1/group_attributes?') && u.includes('type=transportation'))).toBe(true)
    expect(urls.some((u) => u.startsWith('/api/v1/attributes?') && u.includes('group_name=transportation'))).toBe(true)
    // A group without values is not shown.
    expect(screen.queryByText('Empty group')).toBeNull()
  })

  it('shows the values of the record being edited', async () => {
    fakeApi()
    render(<FieldHarness field={attrs} mode="edit" values={{ attributes_list: [2, 3] }} />)
    expect(((await screen.findByRole('radio', { name: 'GMC' })) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('checkbox', { name: 'Jeddah Airport - Makkah' }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('checkbox', { name: 'Makkah - Madinah' }) as HTMLInputElement).checked).toBe(false)
  })
})
