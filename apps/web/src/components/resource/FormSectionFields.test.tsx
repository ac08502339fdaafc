/** @vitest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { configureApiClient } from '../../lib/api-client'
import type { Me } from '../../lib/permissions'
import { act, render, screen, userEvent, waitFor, within } from '../../test-utils/render'
import { col, defineResource, field } from './define'
import { errorsAmong } from './FormSectionFields'
import { ResourceFormPage } from './ResourceFormPage'

/*
 * Issue 33, "Phone": a page form draws its first section at once and the others as they near the screen, or
 * when one of their fields has an error (a refused submit draws it and scrolls to it), or once the reader has
 * started on the form.
 */
const hotels = defineResource({
  name: 'hotels',
  permission: 'hotel',
  columns: [col.text('name')],
  createHref: '/app/hotels/create',
  editHref: (row) => `/app/hotels/edit/${row.id}`,
  sections: [
    { key: 'main' },
    { key: 'rules', titleKey: 'nav.groups.order' },
    { key: 'pricing', titleKey: 'nav.groups.products' },
  ],
  fields: [
    field.text('name'),
    field.text('slug'),
    field.text('rule', { section: 'rules' }),
    field.text('price', { section: 'pricing' }),
  ],
  schema: z.object({ name: z.string(), slug: z.string(), rule: z.string(), price: z.string().min(1) }),
})

const me: Me = {
  id: 1,
  name: 'Owner',
  email: 'o@x.test',
  username: null,
  permissions: ['hotel_create', 'hotel_update'],
  role_name: 'owner',
  company: null,
}

/** An IntersectionObserver that reports only when a test says a place came near. */
const observed: Array<{ el: Element; cb: IntersectionObserverCallback }> = []
class FakeObserver {
  constructor(private cb: IntersectionObserverCallback) {}
  observe(el: Element) {
    observed.push({ el, cb: this.cb })
  }
  disconnect() {
    for (let i = observed.length - 1; i >= 0; i--) if (observed[i]!.cb === this.cb) observed.splice(i, 1)
  }
}
const comeNear = (el: Element) =>
  act(() => {
    for (const o of observed.filter((x) => x.el === el || x.el.contains(el) || el.contains(x.el)))
      o.cb([{ isIntersecting: true, target: o.el } as IntersectionObserverEntry], {} as IntersectionObserver)
  })

beforeEach(() => {
  observed.length = 0
  vi.stubGlobal('IntersectionObserver', FakeObserver)
  configureApiClient({ fetch: vi.fn(async () => new Response('{}', { status: 200 })) as typeof fetch })
})
afterEach(() => {
  vi.unstubAllGlobals()
  configureApiClient({ fetch: (...a) => globalThis.fetch(...a) })
})

const renderPage = () =>
  render(<ResourceFormPage resource={hotels} mode="create" />, {
    path: '/app/hotels/create',
    routes: [{ path: '/app/hotels', element: <p>hotel list</p> }],
    me,
  })

describe('a page form drawn as it is seen', () => {
  it('draws the first section at once and another when its place comes near the screen', async () => {
    renderPage()
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeTruthy()
    const rules = screen.getByRole('region', { name: 'Order' })
    expect(within(rules).queryByRole('textbox')).toBeNull()
    expect(rules.querySelector('[aria-busy="true"]')).not.toBeNull()
    await comeNear(rules.querySelector('[data-undrawn-section]')!)
    expect(within(rules).getByRole('textbox', { name: /^Rule/ })).toBeTruthy()
    expect(within(screen.getByRole('region', { name: 'Products' })).queryByRole('textbox')).toBeNull()
  })

  it('a submit with an error in an undrawn section draws it and scrolls to the field', async () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView')
    renderPage()
    // A submit that is not a press on the form (Enter from outside it, a script): only the error draws a section.
    await act(async () => {
      screen.getByRole('button', { name: 'Save' }).closest('form')!.requestSubmit()
    })
    const pricing = screen.getByRole('region', { name: 'Products' })
    const price = await within(pricing).findByRole('textbox', { name: /^Price/ })
    await waitFor(() => expect(scroll).toHaveBeenCalled())
    expect(scroll.mock.contexts.at(-1)).toBe(price)
    expect(price.getAttribute('aria-invalid')).toBe('true')
  })

  it('draws the rest once the reader starts on the form, and keeps what was typed', async () => {
    const user = userEvent.setup()
    renderPage()
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Hilton')
    expect(await screen.findByRole('textbox', { name: /^Rule/ })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: /^Price/ })).toBeTruthy()
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Hilton')
  })

  it('reads errors on a field or under it', () => {
    expect(errorsAmong({ 'policies.0.title': 'Required' }, ['policies'])).toBe(true)
    expect(errorsAmong({ policy: 'Required' }, ['policies'])).toBe(false)
    expect(errorsAmong({ price: null }, ['price'])).toBe(false)
  })
})
