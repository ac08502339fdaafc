/** @vitest-environment jsdom */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { Notifications } from '@mantine/notifications'
import { fakeApi, signedInWith, type ApiCall } from '../../test-utils/fake-api'
import { act, render, screen, userEvent, waitFor, within } from '../../test-utils/render'
import { col, defineResource, field } from './define'
import { ConfirmModal, DialogForm, FormDialog } from './dialogs'
import { ResourceListPage } from './ResourceListPage'

/*
 * The one form dialog and the one confirmation: what every dialog of the app inherits (the engine's and the
 * screens' own). Each test fails if that shared behaviour regresses.
 */

const facilities = defineResource({
  name: 'facilities',
  permission: 'facility',
  columns: [col.text('name')],
  fields: [field.text('name', { span: 6 }), field.text('slug', { span: 6 })],
  schema: z.object({ name: z.string().min(2), slug: z.string().optional() }),
})

const me = signedInWith(['facility_list', 'facility_create', 'facility_update', 'facility_delete'])

let calls: ApiCall[]
/** The answer of a write; a pending promise holds the call open. */
let write: (call: ApiCall) => Promise<{ status: number; body: unknown }>

beforeEach(() => {
  write = async () => ({ status: 200, body: { data: { id: 9, name: 'Prayer Room' } } })
  calls = fakeApi((call) =>
    call.method === 'GET'
      ? {
          status: 200,
          body: {
            data: [{ id: 7, name: 'Wifi Lounge', slug: 'wifi-lounge' }],
            pagination: { total: 1, currentPage: 0, currentPageFront: 1, totalPages: 0, totalPagesFront: 1 },
          },
        }
      : write(call),
  )
})

const renderList = () =>
  render(
    <>
      <Notifications />
      <ResourceListPage resource={facilities} />
    </>,
    { path: '/app/facilities', me },
  )

/** A write that waits until `release()` is called. */
function holdWrites(answer: { status: number; body: unknown }) {
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  write = async () => {
    await gate
    return answer
  }
  return () => act(() => release())
}

describe('the form dialog', () => {
  it('focuses the first field, and while saving spins Save, disables Cancel and ignores Escape', async () => {
    const user = userEvent.setup()
    renderList()
    await user.click(await screen.findByRole('button', { name: 'Create' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create Facility' })
    const name = within(dialog).getByLabelText(/^Name/)
    await waitFor(() => expect(document.activeElement).toBe(name))

    const release = holdWrites({ status: 200, body: { data: { id: 9, name: 'Prayer Room' } } })
    await user.type(name, 'Prayer Room')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' }).getAttribute('data-loading')).toBe('true'))
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true)
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true)
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Create Facility' })).toBeTruthy()

    await release()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Facility' })).toBeNull())
    // The success message names the record.
    await screen.findByText('Facility “Prayer Room” has been created')
  })

  it('puts a refusal on its field and the rest in a red message, and stays open', async () => {
    const user = userEvent.setup()
    write = async () => ({
      status: 422,
      body: { message: 'The data is not valid.', errors: { name: ['Name in Used'], company: ['Company is closed'] } },
    })
    renderList()
    await user.click(await screen.findByRole('button', { name: 'Create' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create Facility' })
    await user.type(within(dialog).getByLabelText(/^Name/), 'Wifi Lounge')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await within(dialog).findByText('Name in Used')
    await screen.findByText('The data is not valid. Company is closed')
    expect(within(dialog).getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('dialog', { name: 'Create Facility' })).toBeTruthy()
  })

  it("checks with the schemas a declaration loads with its form (`loadSchemas`), not with its list", async () => {
    const loadSchemas = vi.fn(async () => ({ schema: z.object({ name: z.string().min(2), slug: z.string().optional() }) }))
    const lazy = defineResource({ ...facilities, schema: undefined, loadSchemas })
    const user = userEvent.setup()
    render(<ResourceListPage resource={lazy} />, { path: '/app/facilities', me })
    await screen.findByText('Wifi Lounge')
    expect(loadSchemas).not.toHaveBeenCalled()
    await user.click(await screen.findByRole('button', { name: 'Create' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create Facility' })
    expect(loadSchemas).toHaveBeenCalledTimes(1)
    // Marked required from the loaded schema, and its check refuses one letter without asking the server.
    const name = within(dialog).getByLabelText(/^Name/)
    expect(dialog.querySelector('label[for="' + name.id + '"] .mantine-InputWrapper-required')).not.toBeNull()
    await user.type(name, 'W')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'))
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
  })

  it('closes with Escape when nothing runs', async () => {
    const user = userEvent.setup()
    renderList()
    await user.click(await screen.findByRole('button', { name: 'Create' }))
    await screen.findByRole('dialog', { name: 'Create Facility' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Facility' })).toBeNull())
  })

  it('is the same frame for a screen of its own: title, Cancel then the action, the first field focused', async () => {
    const user = userEvent.setup()
    const onCancel = vi.fn()
    render(
      <FormDialog opened title="Update Date Availability" onClose={onCancel}>
        <DialogForm onSubmit={(e) => e.preventDefault()} busy={false} onCancel={onCancel} submitLabel="Update">
          <input aria-label="Disabled" disabled />
          <input aria-label="From" />
        </DialogForm>
      </FormDialog>,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Update Date Availability' })
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter(Boolean)
    expect(buttons.slice(-2)).toEqual(['Cancel', 'Update'])
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('From')))
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalled()
  })
})

describe('the confirmation', () => {
  it('names the record, focuses Cancel, and spins its button while the call runs', async () => {
    const user = userEvent.setup()
    renderList()
    const row = (await screen.findByText('Wifi Lounge')).closest('tr')!
    await user.click(within(row).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete Wifi Lounge' })
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })))

    const release = holdWrites({ status: 200, body: { message: 'ok' } })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete' }).getAttribute('data-loading')).toBe('true'))
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true)
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Delete Wifi Lounge' })).toBeTruthy()
    await release()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Wifi Lounge' })).toBeNull())
    await screen.findByText('Facility “Wifi Lounge” has been deleted')
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/facilities/7'))).toBe(true)
  })

  it('tracks a promise returned by onConfirm, and takes another word for Cancel', async () => {
    const user = userEvent.setup()
    let finish!: () => void
    const onConfirm = vi.fn(() => new Promise<void>((r) => (finish = r)))
    render(
      <ConfirmModal
        opened
        title="Cancel ORD-1?"
        message="This cannot be undone."
        confirmLabel="Cancel order"
        cancelLabel="Keep the order"
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Cancel ORD-1?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }))
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep the order' })).toHaveProperty('disabled', true))
    await act(async () => finish())
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep the order' })).toHaveProperty('disabled', false))
  })
})
