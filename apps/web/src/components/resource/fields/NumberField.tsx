import { useEffect, useRef, useState, type ClipboardEvent, type ReactNode } from 'react'
import { TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { getPath } from '../../../lib/format'
import { formatNumber, NOT_A_NUMBER, parseCoordinatePair, parseNumber } from '../../../lib/numbers'
import type { ResourceForm } from '../define'

export interface NumberTextProps {
  form: ResourceForm
  path: string
  label: string
  required: boolean
  disabled: boolean
  readOnly?: boolean
  description?: ReactNode
  placeholder?: string
  /** Decimals kept (and shown at most); 0 for counts. */
  decimalScale?: number
  /** Decimals always shown once the field is left (money's cents). */
  minDecimals?: number
  min?: number
  /** False for coordinates: no thousands, `.` or `,` as the decimal point. */
  grouping?: boolean
  leftSection?: ReactNode
  /** A paste the field handles itself (a coordinate pair); true when it did. */
  onPasteText?: (text: string) => boolean
}

/**
 * A number typed as the user's language writes it (`lib/numbers.ts`): the text stays as typed
 * while the field has the focus, the form holds the number read from it, and leaving the field
 * writes it back in the language's format. Text that is not a number stays in the form as text,
 * so validation names it instead of a scaled value being saved.
 */
export function NumberText(props: NumberTextProps) {
  const { form, path, decimalScale, minDecimals = 0, grouping, min } = props
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const value = getPath(form.getValues(), path)
  const show = (v: unknown) =>
    typeof v === 'number'
      ? formatNumber(v, lang, { maxDecimals: decimalScale, minDecimals: v % 1 ? minDecimals : 0, grouping })
      : String(v ?? '')
  const [text, setText] = useState(() => show(value))
  // The value this field last wrote: any other change (a reset, a map click, a paste into the
  // partner field, a switch of language) is shown afresh.
  const written = useRef<unknown>(value)
  useEffect(() => {
    if (!Object.is(value, written.current)) {
      written.current = value
      setText(show(value))
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value])
  const shownLang = useRef(lang)
  useEffect(() => {
    if (shownLang.current !== lang) {
      shownLang.current = lang
      setText(show(value))
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang])

  const read = (raw: string) => {
    const n = parseNumber(raw, lang, { grouping })
    if (n === null) return ''
    if (n === NOT_A_NUMBER) return raw
    return decimalScale === undefined ? n : Number(n.toFixed(decimalScale))
  }
  const write = (raw: string) => {
    const v = read(raw)
    written.current = v
    form.setFieldValue(path, v)
  }
  const input = form.getInputProps(path)
  const invalid = typeof value === 'string' && value !== ''
  const example = formatNumber(decimalScale === 0 ? 1250 : 1250.5, lang, { grouping })
  return (
    <TextInput
      label={props.label}
      withAsterisk={props.required}
      disabled={props.disabled}
      readOnly={props.readOnly}
      description={props.description}
      placeholder={props.placeholder}
      leftSection={props.leftSection}
      leftSectionWidth={props.leftSection ? 48 : undefined}
      error={invalid && input.error ? t('kit.number.invalid', { field: props.label, example }) : input.error}
      inputMode={decimalScale === 0 && (min ?? 0) >= 0 ? 'numeric' : 'decimal'}
      value={text}
      onFocus={input.onFocus}
      onChange={(e) => {
        const raw = e.currentTarget.value
        setText(raw)
        write(raw)
      }}
      onPaste={(e: ClipboardEvent<HTMLInputElement>) => {
        if (props.onPasteText?.(e.clipboardData.getData('text'))) e.preventDefault()
      }}
      onBlur={(e) => {
        const v = read(text)
        if (typeof v === 'number') setText(show(v))
        input.onBlur?.(e)
      }}
    />
  )
}

/** A latitude/longitude pair pasted into either coordinate fills both (the map's pin follows them); false otherwise. */
export function pastePosition(form: ResourceForm, fields: { lat: string; long: string }, text: string): boolean {
  const pair = parseCoordinatePair(text)
  if (!pair) return false
  form.setFieldValue(fields.lat, pair.lat)
  form.setFieldValue(fields.long, pair.long)
  form.clearFieldError(fields.lat)
  form.clearFieldError(fields.long)
  return true
}
