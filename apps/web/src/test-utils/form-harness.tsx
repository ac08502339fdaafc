import { useForm } from '@mantine/form'
import type { z } from 'zod'
import type { FieldDef, FormValues } from '../components/resource/define'
import { FieldInput } from '../components/resource/FieldInput'
import { initialValues, isRequired } from '../components/resource/form-values'

/**
 * One field kind bound to a real Mantine form, as a dialog or page binds it;
 * the form's values are printed in `data-testid="values"` as JSON, and the
 * form is handed to `onForm` for assertions.
 */
export function FieldHarness({
  field,
  values,
  mode = 'create',
  schema,
  onForm,
}: {
  field: FieldDef
  values?: FormValues
  mode?: 'create' | 'edit'
  schema?: z.ZodType
  onForm?: (form: ReturnType<typeof useForm<FormValues>>) => void
}) {
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialValues([field], mode, values ? { id: 1, ...values } : undefined),
  })
  onForm?.(form)
  return (
    <form>
      <FieldInput
        field={field}
        form={form}
        label={field.labelKey ?? field.name}
        required={isRequired(schema, field.name)}
        subField={(path) => ({ label: path.split('.').pop()!, required: isRequired(schema, path) })}
        mode={mode}
        values={form.getValues()}
      />
      <pre data-testid="values">{JSON.stringify(form.getValues())}</pre>
    </form>
  )
}

export function valuesOf(container: HTMLElement | Document = document): FormValues {
  const pre = container.querySelector('[data-testid="values"]')
  return JSON.parse(pre?.textContent ?? '{}') as FormValues
}
