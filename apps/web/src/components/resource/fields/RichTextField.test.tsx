/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest'
import { field } from '../define'
import { render, screen, userEvent, waitFor } from '../../../test-utils/render'
import { FieldHarness, valuesOf } from '../../../test-utils/form-harness'

const content = field.richText('content')

describe('RichTextField', () => {
  it('loads the editor lazily with the spec toolbar and shows the stored HTML', async () => {
    render(<FieldHarness field={content} mode="edit" values={{ content: '<p>Near <strong>Masjid al-Haram</strong></p>' }} />)
    const editor = await screen.findByRole('textbox', { name: 'content' })
    expect(editor.innerHTML).toContain('<strong>Masjid al-Haram</strong>')
    for (const name of [
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Heading 1',
      'Heading 2',
      'Heading 3',
      'Heading 4',
      'Link',
      'Remove link',
      'Quote',
      'Bullet list',
      'Numbered list',
      'Align left',
      'Align center',
      'Align right',
      'Justify',
      'Undo',
      'Redo',
    ])
      expect(screen.getByRole('button', { name }), name).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Code' })).toBeNull()
  })

  it('formats the text with the toolbar and writes the HTML into the form', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={content} mode="edit" values={{ content: '<p>Ziyarah</p>' }} />)
    const editor = await screen.findByRole('textbox', { name: 'content' })
    await user.click(editor)
    await user.keyboard('{Control>}a{/Control}')
    await user.click(screen.getByRole('button', { name: 'Bold' }))
    await waitFor(() => expect(valuesOf().content).toBe('<p><strong>Ziyarah</strong></p>'))
    await user.click(screen.getByRole('button', { name: 'Heading 2' }))
    // (StarterKit keeps an empty paragraph after a closing heading, to type on.)
    await waitFor(() => expect(valuesOf().content).toMatch(/^<h2><strong>Ziyarah<\/strong><\/h2>(<p><\/p>)?$/))
    await user.click(screen.getByRole('button', { name: 'Align center' }))
    await waitFor(() => expect(valuesOf().content).toMatch(/^<h2 style="text-align: center;?"><strong>Ziyarah<\/strong><\/h2>/))
  })

  it('keeps an emptied editor as an empty value, not an empty paragraph', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={content} mode="edit" values={{ content: '<p>Ziyarah</p>' }} />)
    const editor = await screen.findByRole('textbox', { name: 'content' })
    await user.click(editor)
    await user.keyboard('{Control>}a{/Control}{Backspace}')
    await waitFor(() => expect(valuesOf().content).toBe(''))
  })
})
