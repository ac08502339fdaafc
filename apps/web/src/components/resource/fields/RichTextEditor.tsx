import { useEffect, useRef, type KeyboardEvent } from 'react'
import { Link, RichTextEditor as MantineEditor } from '@mantine/tiptap'
import '@mantine/tiptap/styles.css'
import TextAlign from '@tiptap/extension-text-align'
import { useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useTranslation } from 'react-i18next'

export interface RichTextEditorProps {
  value: string
  onChange: (html: string) => void
  onBlur?: () => void
  label: string
  invalid?: boolean
  disabled?: boolean
  minHeight?: number
}

/** The editor's HTML, '' when it holds no text (an emptied editor is `<p></p>`). */
export function editorHtml(editor: { isEmpty: boolean; getHTML: () => string }): string {
  return editor.isEmpty ? '' : editor.getHTML()
}

/** The toolbar's buttons one can press (an undo with nothing to undo is skipped). */
const buttonsOf = (bar: HTMLElement | null) =>
  bar ? [...bar.querySelectorAll<HTMLButtonElement>('button')].filter((b) => !b.disabled) : []

/**
 * A toolbar is one Tab stop (WAI-ARIA toolbar pattern, issue 32 item 13): the button last used keeps
 * `tabindex=0`, every other one -1; the arrow keys, Home and End move between them. Before, the 17 buttons
 * were 17 Tab stops before the text box.
 */
function useRovingToolbar() {
  const bar = useRef<HTMLDivElement>(null)
  const current = useRef(0)
  const apply = () => {
    const buttons = buttonsOf(bar.current)
    if (!buttons.length) return
    const at = Math.min(current.current, buttons.length - 1)
    for (const b of bar.current!.querySelectorAll<HTMLButtonElement>('button')) b.tabIndex = -1
    buttons[at]!.tabIndex = 0
  }
  // Mantine renders the buttons without a tabindex, and a button's enabled state follows the editor: after
  // every render, one stop again.
  useEffect(apply)
  const onFocus = (e: { target: EventTarget }) => {
    const at = buttonsOf(bar.current).indexOf(e.target as HTMLButtonElement)
    if (at >= 0 && at !== current.current) {
      current.current = at
      apply()
    }
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = buttonsOf(bar.current)
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
    if (at < 0) return
    const next =
      e.key === 'ArrowRight'
        ? (at + 1) % buttons.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + buttons.length) % buttons.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? buttons.length - 1
              : -1
    if (next < 0) return
    e.preventDefault()
    current.current = next
    apply()
    buttons[next]!.focus()
  }
  return { ref: bar, onFocus, onKeyDown }
}

/**
 * Mantine's tiptap editor with the spec's toolbar (§2 hotel form): bold,
 * italic, underline, strike, headings 1-4, link, quote, lists, alignment,
 * undo/redo — exactly what the server's sanitizer keeps. Loaded lazily by
 * RichTextField (tiptap and ProseMirror stay out of every other bundle).
 */
export default function RichTextEditor({
  value,
  onChange,
  onBlur,
  label,
  invalid,
  disabled,
  minHeight = 160,
}: RichTextEditorProps) {
  const { t } = useTranslation()
  const { ref: toolbarRef, onFocus: onToolbarFocus, onKeyDown: onToolbarKeyDown } = useRovingToolbar()
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        // Mantine's Link (adds Mod+K) replaces the kit's own.
        link: false,
      }),
      Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'] }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
    ],
    content: value || '',
    editable: !disabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(editorHtml(e)),
    onBlur: () => onBlur?.(),
  })

  // The form changed the value (reset, an entry moved up): show it.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return
    if ((value || '') !== editorHtml(editor)) editor.commands.setContent(value || '', { emitUpdate: false })
  }, [editor, value])

  useEffect(() => {
    editor?.setEditable(!disabled)
  }, [editor, disabled])

  useEffect(() => {
    if (!editor) return
    editor.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': label,
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
        },
      },
    })
  }, [editor, label, invalid])

  const labels = {
    boldControlLabel: t('kit.rich_text.bold'),
    italicControlLabel: t('kit.rich_text.italic'),
    underlineControlLabel: t('kit.rich_text.underline'),
    strikeControlLabel: t('kit.rich_text.strike'),
    h1ControlLabel: t('kit.rich_text.heading', { level: 1 }),
    h2ControlLabel: t('kit.rich_text.heading', { level: 2 }),
    h3ControlLabel: t('kit.rich_text.heading', { level: 3 }),
    h4ControlLabel: t('kit.rich_text.heading', { level: 4 }),
    linkControlLabel: t('kit.rich_text.link'),
    unlinkControlLabel: t('kit.rich_text.unlink'),
    blockquoteControlLabel: t('kit.rich_text.quote'),
    bulletListControlLabel: t('kit.rich_text.bullet_list'),
    orderedListControlLabel: t('kit.rich_text.ordered_list'),
    alignLeftControlLabel: t('kit.rich_text.align_left'),
    alignCenterControlLabel: t('kit.rich_text.align_center'),
    alignRightControlLabel: t('kit.rich_text.align_right'),
    alignJustifyControlLabel: t('kit.rich_text.align_justify'),
    undoControlLabel: t('kit.rich_text.undo'),
    redoControlLabel: t('kit.rich_text.redo'),
    linkEditorInputLabel: t('kit.rich_text.link_url'),
    linkEditorInputPlaceholder: 'https://',
    linkEditorExternalLink: t('kit.rich_text.link_new_tab'),
    linkEditorInternalLink: t('kit.rich_text.link_same_tab'),
    linkEditorSave: t('actions.save'),
  }

  return (
    <MantineEditor
      editor={editor}
      labels={labels}
      styles={invalid ? { root: { borderColor: 'var(--mantine-color-error)' } } : undefined}
    >
      <MantineEditor.Toolbar
        ref={toolbarRef}
        role="toolbar"
        aria-label={t('kit.rich_text.toolbar', { field: label })}
        onFocus={onToolbarFocus}
        onKeyDown={onToolbarKeyDown}
      >
        <MantineEditor.ControlsGroup>
          <MantineEditor.Bold />
          <MantineEditor.Italic />
          <MantineEditor.Underline />
          <MantineEditor.Strikethrough />
        </MantineEditor.ControlsGroup>
        <MantineEditor.ControlsGroup>
          <MantineEditor.H1 />
          <MantineEditor.H2 />
          <MantineEditor.H3 />
          <MantineEditor.H4 />
        </MantineEditor.ControlsGroup>
        <MantineEditor.ControlsGroup>
          <MantineEditor.Link />
          <MantineEditor.Unlink />
          <MantineEditor.Blockquote />
          <MantineEditor.BulletList />
          <MantineEditor.OrderedList />
        </MantineEditor.ControlsGroup>
        <MantineEditor.ControlsGroup>
          <MantineEditor.AlignLeft />
          <MantineEditor.AlignCenter />
          <MantineEditor.AlignRight />
          <MantineEditor.AlignJustify />
        </MantineEditor.ControlsGroup>
        <MantineEditor.ControlsGroup>
          <MantineEditor.Undo />
          <MantineEditor.Redo />
        </MantineEditor.ControlsGroup>
      </MantineEditor.Toolbar>
      <MantineEditor.Content mih={minHeight} />
    </MantineEditor>
  )
}
