import { useQuery } from '@tanstack/react-query'
import { NOTE_MAX, SUGGESTED_TAGS } from '@vouched/shared/endorsements.constants'
import { useMemo, type ReactNode } from 'react'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../../components/ui/form'
import { Textarea } from '../../../components/ui/textarea'
import { popularTagsQuery } from '../endorsements.api'
import { TagInput } from './tag-input'

/**
 * The note and the skills of an endorsement, as the create and the edit dialogs both ask for them: a
 * note up to NOTE_MAX, and tags suggested from the shared list and the tags in use.
 */
export function EndorsementTextFields<T extends FieldValues, O extends FieldValues = T>({
  control: formControl,
  notePlaceholder,
  skillsDescription,
}: {
  /** A form with an optional `note` and a `hashtags` list. */
  control: Control<T, unknown, O>
  notePlaceholder?: string
  skillsDescription?: ReactNode
}) {
  const control = formControl as unknown as Control<T>
  const { t } = useTranslation('endorsements')
  const popular = useQuery(popularTagsQuery())
  const pool = useMemo(() => [...SUGGESTED_TAGS, ...(popular.data ?? [])], [popular.data])
  return (
    <>
      <FormField
        control={control}
        name={'note' as FieldPath<T>}
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t('textFields.note')}</FormLabel>
            <FormControl>
              <Textarea
                {...field}
                value={(field.value as string | null | undefined) ?? ''}
                rows={4}
                maxLength={NOTE_MAX}
                placeholder={notePlaceholder}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name={'hashtags' as FieldPath<T>}
        render={({ field, fieldState }) => (
          <FormItem>
            <FormLabel>{t('textFields.skills')}</FormLabel>
            <FormControl>
              <TagInput
                value={(field.value as string[] | undefined) ?? []}
                onChange={field.onChange}
                suggestions={pool}
                aria-invalid={Boolean(fieldState.error)}
              />
            </FormControl>
            {skillsDescription ? <FormDescription>{skillsDescription}</FormDescription> : null}
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  )
}
