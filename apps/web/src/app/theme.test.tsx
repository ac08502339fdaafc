/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest'
import { MantineProvider, Select } from '@mantine/core'
import { DialogForm, FormDialog } from '../components/resource/dialogs'
import { render, screen, userEvent, waitFor, within } from '../test-utils/render'
import { theme } from './theme'

/** What the app's theme changes in Mantine's defaults, each proven where a user meets it. */
describe("the app's theme", () => {
  it('focuses a select that comes first without opening its list, so Escape closes the dialog', async () => {
    const user = userEvent.setup()
    const onCancel = vi.fn()
    render(
      <MantineProvider theme={theme} env="test">
        <FormDialog opened title="Create Room" onClose={onCancel}>
          <DialogForm onSubmit={(e) => e.preventDefault()} busy={false} onCancel={onCancel}>
            <Select label="Hotel" searchable data={['Hotel Nur Al Haram', 'Hotel Madinah Hilton']} />
            <input aria-label="Name" />
          </DialogForm>
        </FormDialog>
      </MantineProvider>,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Create Room' })
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getAllByLabelText('Hotel')[0]))
    expect(screen.queryByRole('listbox')).toBeNull()
    await user.keyboard('{Escape}')
    expect(onCancel).toHaveBeenCalled()
    // Its list still opens from the keyboard.
    await user.keyboard('{ArrowDown}')
    await screen.findByRole('option', { name: 'Hotel Nur Al Haram' })
  })
})
