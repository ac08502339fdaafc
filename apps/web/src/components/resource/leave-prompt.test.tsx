/** @vitest-environment jsdom */
import { useState } from 'react'
import { Button } from '@mantine/core'
import { Link } from 'react-router'
import { describe, expect, it } from 'vitest'
import { render, screen, userEvent } from '../../test-utils/render'
import { useLeavePrompt } from './leave-prompt'

function Page() {
  const [dirty, setDirty] = useState(false)
  const prompt = useLeavePrompt(dirty)
  return (
    <>
      <Button onClick={() => setDirty(true)}>change</Button>
      <Link to="/elsewhere">away</Link>
      {prompt}
    </>
  )
}

const unload = () => {
  const e = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(e)
  return e.defaultPrevented
}

describe('useLeavePrompt', () => {
  it('lets a clean page go, and asks before a changed one is left in the app or closed', async () => {
    render(<Page />, { path: '/here', routes: [{ path: '/elsewhere', element: <p>other page</p> }] })
    expect(unload()).toBe(false)
    await userEvent.click(screen.getByRole('button', { name: 'change' }))
    // Closing or reloading the tab: the browser's own warning.
    expect(unload()).toBe(true)
    // Another page of the app: our question, and staying keeps the page.
    await userEvent.click(screen.getByRole('link', { name: 'away' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('Leave without saving?')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByText('other page')).toBeNull()
    await userEvent.click(screen.getByRole('link', { name: 'away' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }))
    expect(await screen.findByText('other page')).toBeTruthy()
  })
})
