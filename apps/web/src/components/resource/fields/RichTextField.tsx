import { lazy, Suspense, type ReactNode } from 'react'
import { Input, Skeleton } from '@mantine/core'
import { getPath } from '../../../lib/format'
import type { FieldKindProps } from './types'

// tiptap and ProseMirror load with the first rich-text field, never with the login or a list.
const RichTextEditor = lazy(() => import('./RichTextEditor'))

/** HTML text (descriptions, hotel content) edited with the lazily loaded tiptap editor. */
export function RichTextField({ field, form, path, label, required, disabled, description }: FieldKindProps<'richText'>) {
  const input = form.getInputProps(path)
  const value = (getPath(form.getValues(), path) as string | null) ?? ''
  const minHeight = field.minHeight ?? 140
  return (
    <Input.Wrapper
      labelElement="div"
      label={label}
      withAsterisk={required}
      description={description}
      error={input.error as ReactNode}
    >
      <div style={{ marginTop: 6 }}>
        <Suspense fallback={<Skeleton h={minHeight + 44} radius="md" />}>
          <RichTextEditor
            value={value}
            onChange={(html) => form.setFieldValue(path, html)}
            onBlur={() => input.onBlur?.()}
            label={label}
            invalid={!!input.error}
            disabled={disabled}
            minHeight={minHeight}
          />
        </Suspense>
      </div>
    </Input.Wrapper>
  )
}
