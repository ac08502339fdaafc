/** @vitest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen } from '../../test-utils/render'
import type { Me } from '../../lib/permissions'
import { NotificationBell } from './NotificationBell'
import { UserMenu } from './UserMenu'

const me = {
  id: 1,
  name: 'Siti Rahmawati',
  email: 'siti@example.test',
  role_name: 'owner',
  permissions: [],
  company: { id: 1, name: 'Amanah', trial_ends_at: '2099-01-01' },
} as unknown as Me

/** requestIdleCallback held by the test: `idle()` runs what is waiting. */
function fakeIdle() {
  const waiting: Array<() => void> = []
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => waiting.push(fn))
  vi.stubGlobal('cancelIdleCallback', () => {})
  return { idle: () => act(() => waiting.splice(0).forEach((fn) => fn())) }
}

describe('the shell menus drawn when needed (issue 33, "Phone")', () => {
  let idle: () => void
  beforeEach(() => {
    idle = fakeIdle().idle
  })
  afterEach(() => vi.unstubAllGlobals())

  it('draws the account menu trigger alone, without the menu, until the page is idle', () => {
    render(<UserMenu me={me} />)
    const trigger = screen.getByRole('button', { name: /Account menu/ })
    // The trigger alone: it says it has a menu, but no menu is drawn (Mantine's target sets aria-expanded).
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu')
    expect(trigger.hasAttribute('aria-expanded')).toBe(false)
    idle()
    const drawn = screen.getByRole('button', { name: /Account menu/ })
    expect(drawn.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(drawn)
    expect(screen.getByRole('menuitem', { name: 'My Profile' })).toBeTruthy()
  })

  it('opens the account menu on the click that comes before the page is idle, and closes it on an item', async () => {
    render(<UserMenu me={me} />)
    fireEvent.click(screen.getByRole('button', { name: /Account menu/ }))
    expect(screen.getByRole('button', { name: /Account menu/ }).getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(screen.getByRole('menuitem', { name: 'My Profile' }))
    // The item's click reaches the trigger's wrapper through the portal: it must not open the menu again.
    expect(screen.getByRole('button', { name: /Account menu/ }).getAttribute('aria-expanded')).toBe('false')
    expect(await screen.findByRole('dialog', { name: 'My Profile' })).toBeTruthy()
  })

  it('draws the menu when a mouse comes over the trigger, closed', () => {
    render(<UserMenu me={me} />)
    fireEvent.pointerEnter(screen.getByRole('button', { name: /Account menu/ }), { pointerType: 'mouse' })
    expect(screen.getByRole('button', { name: /Account menu/ }).getAttribute('aria-expanded')).toBe('false')
  })

  it('opens the bell on a first click, and a second click on it closes it', () => {
    render(<NotificationBell me={me} />)
    const bell = () => screen.getByRole('button', { name: 'Notifications' })
    expect(bell().hasAttribute('aria-expanded')).toBe(false)
    fireEvent.click(bell())
    expect(bell().getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByText(/Your free trial ends on/)).toBeTruthy()
    fireEvent.click(bell())
    expect(bell().getAttribute('aria-expanded')).toBe('false')
  })

  it('opens the bell after the page was idle (the popover is controlled: its target opens it)', () => {
    render(<NotificationBell me={me} />)
    idle()
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }))
    expect(screen.getByRole('button', { name: 'Notifications' }).getAttribute('aria-expanded')).toBe('true')
  })
})
