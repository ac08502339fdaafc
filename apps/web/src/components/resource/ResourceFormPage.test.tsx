/** @vitest-environment jsdom */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { Notifications } from '@mantine/notifications'
import { fakeApi, signedInWith, type ApiCall } from '../../test-utils/fake-api'
import { act, render, screen, userEvent, waitFor, within } from '../../test-utils/render'
import { col, defineResource, field } from './define'
import { ResourceFormPage } from './ResourceFormPage'

const hotels = defineResource({
  name: 'hotels',
  permission: 'hotel',
  columns: [col.text('name')],
  createHref: '/app/hotels/create',
  editHref: (row) => `/app/hotels/edit/${row.id}`,
  sections: [
    { key: 'main' },
    { key: 'rules', titleKey: 'nav.groups.order' },
    { key: 'side', titleKey: 'nav.groups.products', side: true },
  ],
  fields: [
    field.text('name'),
    field.repeatable('policies', { section: 'rules', fields: [field.text('title')] }),
    field.select('status', {
      section: 'side',
      options: [
        { value: 'publish', label: 'Publish' },
        { value: 'draft', label: 'Draft' },
      ],
    }),
  ],
  schema: z.object({
    name: z.string().min(2),
    policies: z.array(z.object({ title: z.string() })).optional(),
    status: z.enum(['publish', 'draft']),
  }),
})

let calls: ApiCall[]
let answer: (call: ApiCall) => { status: number; body: unknown }

beforeEach(() => {
  answer = () => ({ status: 200, body: { data: { id: 9 } } })
  calls = fakeApi((call) => answer(call))
})

const routes = [{ path: '/app/hotels', element: <p>hotel list</p> }]
const renderPage = (mode: 'create' | 'edit', permissions = ['hotel_create', 'hotel_update']) =>
  render(
    <>
      <Notifications />
      <ResourceFormPage resource={hotels} mode={mode} />
    </>,
    {
      path: mode === 'create' ? '/app/hotels/create' : '/app/hotels/edit/5',
      routePath: mode === 'create' ? '/app/hotels/create' : '/app/hotels/edit/:id',
      routes,
      me: signedInWith(permissions),
    },
  )

describe('ResourceFormPage', () => {
  it('lays out the sections as cards with the side column, and saves a new record back to the list', async () => {
    const user = userEvent.setup()
    renderPage('create')
    expect(screen.getByRole('heading', { name: 'Create Hotel' })).toBeTruthy()
    expect(within(screen.getByRole('region', { name: 'Products' })).getAllByLabelText(/^Status/)[0]).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Hilton Makkah')
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'No smoking')
    await user.click(screen.getAllByLabelText(/^Status/)[0]!)
    await user.click(screen.getByRole('option', { name: 'Draft' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('hotel list')
    const { headers, ...created } = calls.at(-1)!
    expect(created).toEqual({
      method: 'POST',
      url: '/api/v1/hotels',
      body: { name: 'Hilton Makkah', policies: [{ title: 'No smoking' }], status: 'draft' },
    })
    // A create reads no version, so it sends none.
    expect(headers['If-Match']).toBeUndefined()
  })

  it('scrolls to the first error when the form is invalid', async () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView')
    const user = userEvent.setup()
    renderPage('create')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Name is Required')
    await waitFor(() => expect(scroll).toHaveBeenCalled())
    expect((scroll.mock.contexts[0] as HTMLElement).getAttribute('aria-invalid')).toBe('true')
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('shows the server field errors next to the fields, also inside a list entry', async () => {
    answer = (c) =>
      c.method === 'POST'
        ? {
            status: 422,
            body: { message: 'Invalid', errors: { name: ['Name in Used'], 'policies.0.title': ['Title is Invalid'] } },
          }
        : { status: 200, body: {} }
    const user = userEvent.setup()
    renderPage('create')
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Hilton Makkah')
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'x')
    await user.click(screen.getAllByLabelText(/^Status/)[0]!)
    await user.click(screen.getByRole('option', { name: 'Publish' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Name in Used')
    expect(screen.getByText('Title is Invalid')).toBeTruthy()
    expect(screen.queryByText('hotel list')).toBeNull()
  })

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup()
    const { router } = renderPage('create')
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Half typed')
    act(() => void router.navigate('/app/hotels'))
    await screen.findByText('Leave without saving?')
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    expect(router.state.location.pathname).toBe('/app/hotels/create')
    act(() => void router.navigate('/app/hotels'))
    await user.click(await screen.findByRole('button', { name: 'Leave' }))
    await screen.findByText('hotel list')
  })

  it('leaves at once when nothing changed', async () => {
    const user = userEvent.setup()
    renderPage('create')
    await user.click(screen.getByRole('button', { name: 'Back to the list' }))
    await screen.findByText('hotel list')
  })

  it('loads the record for edit and saves it with PUT', async () => {
    answer = (c) =>
      c.method === 'GET'
        ? { status: 200, body: { data: { id: 5, name: 'Old name', policies: [], status: 'publish' } } }
        : { status: 200, body: { data: { id: 5 } } }
    const user = userEvent.setup()
    renderPage('edit')
    const name = await screen.findByRole('textbox', { name: /^Name/ })
    expect((name as HTMLInputElement).value).toBe('Old name')
    expect(screen.getByRole('heading', { name: 'Edit Hotel' })).toBeTruthy()
    await user.clear(name)
    await user.type(name, 'New name')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('hotel list')
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      method: 'PUT',
      url: '/api/v1/hotels/5',
      body: { name: 'New name', status: 'publish', policies: [] },
    })
  })

  it('moving from one record to another shows the second, not the first it drew (a deferred render, issue 33)', async () => {
    answer = (c) => ({
      status: 200,
      body: {
        data: c.url.endsWith('/6')
          ? { id: 6, name: 'Second hotel', policies: [], status: 'draft' }
          : { id: 5, name: 'Old name', policies: [], status: 'publish' },
      },
    })
    const { router } = renderPage('edit')
    const name = () => screen.findByRole('textbox', { name: /^Name/ }) as Promise<HTMLInputElement>
    expect((await name()).value).toBe('Old name')
    await act(() => router.navigate('/app/hotels/edit/6'))
    await waitFor(async () => expect((await name()).value).toBe('Second hotel'))
    expect(screen.queryByDisplayValue('Old name')).toBeNull()
    // Back to the first, whose record is cached: the form it draws is the first's, not the one it showed last.
    await act(() => router.navigate('/app/hotels/edit/5'))
    await waitFor(async () => expect((await name()).value).toBe('Old name'))
    expect(screen.queryByDisplayValue('Second hotel')).toBeNull()
  })

  describe('a save someone else made stale (issue 30)', () => {
    const theirs = { id: 5, name: 'Their name', policies: [], status: 'draft', version: 4 }
    const stale = {
      status: 409,
      body: {
        message: 'Someone else changed this record after you opened it',
        errors: { version: ['Someone else changed this record after you opened it'] },
        data: theirs,
        changed_by: {
          user_id: 2,
          user_name: 'Siti Aminah',
          role_name: 'admin',
          action: 'update',
          at: '2027-02-20T08:30:00.000Z',
        },
      },
    }
    const open = async () => {
      let puts = 0
      answer = (c) =>
        c.method === 'GET'
          ? { status: 200, body: { data: { id: 5, name: 'Old name', policies: [], status: 'publish', version: 3 } } }
          : ++puts === 1
            ? stale
            : { status: 200, body: { data: { id: 5, version: 5 } } }
      const user = userEvent.setup()
      renderPage('edit')
      const name = (await screen.findByRole('textbox', { name: /^Name/ })) as HTMLInputElement
      await user.clear(name)
      await user.type(name, 'My name')
      await user.click(screen.getByRole('button', { name: 'Save' }))
      const panel = await screen.findByTestId('version-conflict')
      return { user, name, panel }
    }

    it('sends the version read, names who saved it and when, and keeps the typed text', async () => {
      const { name, panel } = await open()
      expect(calls.find((c) => c.method === 'PUT')!.headers['If-Match']).toBe('"3"')
      expect(panel.textContent).toContain('Siti Aminah (Admin) saved it on 20-02-2027') // the role by its label
      expect(name.value).toBe('My name')
    })

    it('Reload puts their record in the form and the typed value beside it, to use again', async () => {
      const { user, name, panel } = await open()
      await user.click(within(panel).getByRole('button', { name: 'Reload' }))
      await waitFor(() => expect(name.value).toBe('Their name'))
      const mine = within(panel).getByRole('table', { name: 'What you typed' })
      expect(within(mine).getByText('My name')).toBeTruthy()
      await user.click(within(panel).getByRole('button', { name: 'Use mine: Name' }))
      await waitFor(() => expect(name.value).toBe('My name'))
      await user.click(screen.getByRole('button', { name: 'Save' }))
      await screen.findByText('hotel list')
      const last = calls.filter((c) => c.method === 'PUT').at(-1)!
      expect(last.headers['If-Match']).toBe('"4"')
      // Their status stays: only what was re-applied is ours.
      expect(last.body).toMatchObject({ name: 'My name', status: 'draft' })
    })

    it('Overwrite sends the typed values with the current version', async () => {
      const { user, panel } = await open()
      await user.click(within(panel).getByRole('button', { name: 'Overwrite' }))
      await screen.findByText('hotel list')
      const last = calls.filter((c) => c.method === 'PUT').at(-1)!
      expect(last.headers['If-Match']).toBe('"4"')
      expect(last.body).toMatchObject({ name: 'My name', status: 'publish' })
    })
  })

  it('says Data Not Found for a record that is gone, with the way back', async () => {
    answer = () => ({ status: 404, body: { message: 'Data Not Found' } })
    renderPage('edit')
    await screen.findByText('Data Not Found')
    expect(screen.getByText('This record no longer exists; it may have been deleted.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Back to the list' })).toBeTruthy()
  })

  it('shows the denied view without the permission', () => {
    renderPage('create', ['hotel_update'])
    expect(screen.getByText('Permission Denied')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
  })
})

describe('a range typed and not taken (issue 32)', () => {
  const seasons = defineResource({
    name: 'hotels',
    permission: 'hotel',
    columns: [col.text('name')],
    createHref: '/app/hotels/create',
    editHref: (row) => `/app/hotels/edit/${row.id}`,
    fields: [field.text('name'), field.dateRange('stay')],
    schema: z.object({ name: z.string().min(2), stay: z.tuple([z.string(), z.string()]) }),
  })
  const renderSeasons = () =>
    render(
      <>
        <Notifications />
        <ResourceFormPage resource={seasons} mode="create" />
      </>,
      { path: '/app/hotels/create', routePath: '/app/hotels/create', routes, me: signedInWith(['hotel_create']) },
    )

  it('keeps Save from sending the range before it, until the text is fixed', async () => {
    const user = userEvent.setup()
    renderSeasons()
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ramadan')
    const box = screen.getByRole('textbox', { name: /^Type/ })
    await user.type(box, '01-03-2027 – 10-03-2027{Enter}')
    await user.clear(box)
    // A reversed range typed over it, then Save straight away (the box is left as Save is clicked).
    await user.type(box, '20-03-2027 – 10-03-2027')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findAllByText(/ends before it starts/)).toHaveLength(1)
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    // Fixed, and Save clicked straight from the box (no Enter): the typed range is what is sent.
    await user.clear(box)
    await user.type(box, '10-03-2027 – 20-03-2027')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('hotel list')
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Ramadan', stay: ['2027-03-10', '2027-03-20'] },
    ])
  })

  it('lets a range picked or a box cleared save again', async () => {
    const user = userEvent.setup()
    renderSeasons()
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Syawal')
    const box = screen.getByRole('textbox', { name: /^Type/ })
    await user.type(box, '05-04-2027{Enter}')
    await user.type(box, 'not a range')
    await user.tab()
    expect(await screen.findByText(/DD-MM-YYYY – DD-MM-YYYY/)).toBeTruthy()
    await user.clear(box)
    await user.tab()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('hotel list')
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Syawal', stay: ['2027-04-05', '2027-04-05'] },
    ])
  })
})
