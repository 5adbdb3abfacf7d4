import { Slot } from 'radix-ui'
import { createContext, useContext, useId, type ComponentProps } from 'react'
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form'
import { cn } from '../../lib/cn'
import { useSharedText } from '../../lib/i18n/shared-text'
import { Label } from './label'

/**
 * react-hook-form helpers (shadcn style): <Form {...form}> then per field
 * <FormField control name render={({field}) => <FormItem><FormLabel/><FormControl><Input {...field}/></FormControl><FormMessage/></FormItem>}/>.
 * The label, control, description and message are wired together with ids and aria attributes.
 */
export const Form = FormProvider

type FieldContextValue = { name: string }
const FormFieldContext = createContext<FieldContextValue | null>(null)
const FormItemContext = createContext<{ id: string } | null>(null)

export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
>(props: ControllerProps<TFieldValues, TName>) {
  return (
    <FormFieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  )
}

export function useFormField() {
  const field = useContext(FormFieldContext)
  const item = useContext(FormItemContext)
  const { getFieldState } = useFormContext()
  const formState = useFormState({ name: field?.name })
  if (!field || !item) throw new Error('useFormField must be used inside <FormField> and <FormItem>')
  const state = getFieldState(field.name, formState)
  return {
    id: item.id,
    name: field.name,
    formItemId: `${item.id}-item`,
    formDescriptionId: `${item.id}-description`,
    formMessageId: `${item.id}-message`,
    ...state,
  }
}

export function FormItem({ className, ...props }: ComponentProps<'div'>) {
  const id = useId()
  return (
    <FormItemContext.Provider value={{ id }}>
      <div data-slot="form-item" className={cn('grid content-start gap-2', className)} {...props} />
    </FormItemContext.Provider>
  )
}

export function FormLabel({ className, ...props }: ComponentProps<typeof Label>) {
  const { error, formItemId } = useFormField()
  return (
    <Label
      data-error={!!error}
      className={cn('data-[error=true]:text-destructive', className)}
      htmlFor={formItemId}
      {...props}
    />
  )
}

export function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const { error, formItemId, formDescriptionId, formMessageId } = useFormField()
  return (
    <Slot.Root
      id={formItemId}
      aria-describedby={error ? `${formDescriptionId} ${formMessageId}` : formDescriptionId}
      aria-invalid={!!error}
      {...props}
    />
  )
}

export function FormDescription({ className, ...props }: ComponentProps<'p'>) {
  const { formDescriptionId } = useFormField()
  return <p id={formDescriptionId} className={cn('text-xs text-muted-foreground', className)} {...props} />
}

/** The field's error message, else its children; nothing when both are empty. */
export function FormMessage({ className, children, ...props }: ComponentProps<'p'>) {
  const { error, formMessageId } = useFormField()
  const sharedText = useSharedText()
  // A field's error is zod's (a shared text) or the server's: shown in the app's language.
  const body = error ? sharedText(String(error.message ?? '')) : children
  if (!body) return null
  return (
    <p
      id={formMessageId}
      role={error ? 'alert' : undefined}
      className={cn('text-sm font-medium text-destructive', className)}
      {...props}
    >
      {body}
    </p>
  )
}
