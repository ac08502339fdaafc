/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { configureApiClient } from '../../../lib/api-client'
import { field } from '../define'
import { render, screen, userEvent, waitFor } from '../../../test-utils/render'
import { FieldHarness, valuesOf } from '../../../test-utils/form-harness'

afterEach(() => configureApiClient({ fetch: (...a) => globalThis.fetch(...a) }))

describe('MultiSelectField', () => {
  it('loads its options from a source and keeps numeric ids as numbers', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            data: [
              { id: 1, name: 'Wi-Fi' },
              { id: 2, name: 'Pool' },
              { id: 3, name: 'Gym' },
            ],
          }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        ),
    )
    configureApiClient({ fetch })
    const user = userEvent.setup()
    render(<FieldHarness field={field.multiSelect('facilities', { source: { resource: 'facilities', labelKey: 'name' } })} />)
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('/api/v1/facilities?export_data=true&is_active=true')
    await user.click(screen.getAllByLabelText('facilities')[0]!)
    await user.click(await screen.findByRole('option', { name: 'Pool' }))
    await user.click(screen.getByRole('option', { name: 'Wi-Fi' }))
    await waitFor(() => expect(valuesOf().facilities).toEqual([2, 1]))
  })

  it('shows the values of the record being edited', async () => {
    const { container } = render(
      <FieldHarness
        field={field.multiSelect('days', {
          options: [
            { value: 'mon', label: 'Monday' },
            { value: 'tue', label: 'Tuesday' },
          ],
        })}
        mode="edit"
        values={{ days: ['tue'] }}
      />,
    )
    expect(screen.getByText('Tuesday')).toBeTruthy()
    expect((container.querySelector('input[type="hidden"]') as HTMLInputElement).value).toBe('tue')
  })
})
