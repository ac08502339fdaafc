/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '../test-utils/render'
import { HoverTooltip } from './HoverTooltip'

describe('HoverTooltip', () => {
  it('mounts no tooltip until the pointer comes over its element, then shows and hides the label', async () => {
    const own = vi.fn()
    render(
      <HoverTooltip label="Edit hotel">
        <button type="button" onPointerEnter={own}>
          edit
        </button>
      </HoverTooltip>,
    )
    const button = screen.getByRole('button', { name: 'edit' })
    expect(screen.queryByRole('tooltip')).toBeNull()

    fireEvent.pointerEnter(button, { pointerType: 'mouse' })
    expect((await screen.findByRole('tooltip')).textContent).toBe('Edit hotel')
    // The element's own handler still runs.
    expect(own).toHaveBeenCalledTimes(1)

    fireEvent.pointerLeave(button, { pointerType: 'mouse' })
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull())
  })

  it('opens on no touch', async () => {
    render(
      <HoverTooltip label="Edit hotel">
        <button type="button">edit</button>
      </HoverTooltip>,
    )
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'edit' }), { pointerType: 'touch' })
    await new Promise((r) => setTimeout(r, 20))
    expect(screen.queryByRole('tooltip')).toBeNull()
  })

  it('shows nothing while disabled or without a label (a cell that is not cut)', async () => {
    render(
      <>
        <HoverTooltip label="Full text" disabled>
          <span>cut</span>
        </HoverTooltip>
        <HoverTooltip label={null}>
          <span>whole</span>
        </HoverTooltip>
      </>,
    )
    fireEvent.pointerEnter(screen.getByText('cut'), { pointerType: 'mouse' })
    fireEvent.pointerEnter(screen.getByText('whole'), { pointerType: 'mouse' })
    await new Promise((r) => setTimeout(r, 20))
    expect(screen.queryByRole('tooltip')).toBeNull()
  })
})
