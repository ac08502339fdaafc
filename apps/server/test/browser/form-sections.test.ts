import { afterAll, beforeAll, expect, it } from 'vitest'
import { createCompany, type Actor } from '../helpers/fixtures.js'
import { startBrowserEnv, type BrowserEnv } from './harness.js'
import { field, openSignedIn } from './page.js'

/**
 * Issue 33, "Phone": the hotel form draws its first sections at once and the ones further down as they near the
 * screen; a refused save whose first error is in a section not drawn yet draws it, scrolls to the field and
 * focuses it.
 */
let env: BrowserEnv
let owner: Actor

beforeAll(async () => {
  env = await startBrowserEnv()
  owner = (await createCompany(env.app, { name: 'Barakah Travel', password: 'owner-password-1' })).owner
})
afterAll(async () => {
  await env?.close()
})

it('on a phone, draws the sections below the first screen later, and a refused save reaches the first error', async () => {
  const page = await openSignedIn(env, owner, 'en', '/app/hotels/create', { viewport: { width: 390, height: 800 } })
  await page.getByRole('heading', { name: 'Create Hotel' }).waitFor()
  await page.getByRole('textbox', { name: 'Content', exact: true }).waitFor()
  // The pricing section is far below: its place is held, its price field not drawn.
  const pricing = page.getByRole('region', { name: 'Pricing' })
  expect(await pricing.locator('[data-undrawn-section]').count()).toBe(1)
  expect(await field(pricing, 'Price').count()).toBe(0)

  // Everything above the price filled or optional but the price: the save is refused on it, far down.
  await field(page, 'Name').first().fill('Hilton Makkah')
  await page.getByRole('textbox', { name: 'Content', exact: true }).click()
  await page.keyboard.type('Five minutes from the Haram.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByText('Price Must Be Set').waitFor()
  // On the screen: the first field with an error (whichever section it is in) is brought to the reader.
  await expect
    .poll(() =>
      page.evaluate<string>(`(() => {
        const el = document.querySelector('form [aria-invalid="true"], form .mantine-InputWrapper-error')
        if (!el) return 'no error shown'
        const r = el.getBoundingClientRect()
        return r.top >= 0 && r.bottom <= window.innerHeight ? 'in view' : 'out of view at ' + Math.round(r.top)
      })()`),
    )
    .toBe('in view')
  // Every section is drawn by now: the reader started on the form.
  expect(await page.locator('[data-undrawn-section]').count()).toBe(0)
})
