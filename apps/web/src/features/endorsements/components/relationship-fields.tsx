import {
  LEVEL_LABELS,
  LEVELS,
  RELATIONSHIP_LABELS,
  RELATIONSHIPS,
} from '@vouched/shared/endorsements.constants'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import { useSharedText } from '../../../lib/i18n/shared-text'

/**
 * "How do you know them?" and "How good are they?" (issue 25): both optional, side by side. A card
 * then reads "Managed them · Expert".
 */
export function RelationshipFields<T extends FieldValues, O extends FieldValues = T>({
  control: formControl,
}: {
  /** A form with optional `relationship` and `level` fields: the create and the edit dialogs. */
  control: Control<T, unknown, O>
}) {
  const sharedText = useSharedText()
  const { t } = useTranslation('endorsements')
  const control = formControl as unknown as Control<T>
  const relationship = 'relationship' as FieldPath<T>
  const level = 'level' as FieldPath<T>
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <FormField
        control={control}
        name={relationship}
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t('relationship.relationship')}</FormLabel>
            <Select value={(field.value as string | null | undefined) ?? ''} onValueChange={field.onChange}>
              <FormControl>
                <SelectTrigger>
                  <SelectValue placeholder={t('relationship.chooseRelationship')} />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {RELATIONSHIPS.map((value) => (
                  <SelectItem key={value} value={value}>
                    {sharedText(RELATIONSHIP_LABELS[value])}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name={level}
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t('relationship.level')}</FormLabel>
            <Select value={(field.value as string | null | undefined) ?? ''} onValueChange={field.onChange}>
              <FormControl>
                <SelectTrigger>
                  <SelectValue placeholder={t('relationship.chooseLevel')} />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {LEVELS.map((value) => (
                  <SelectItem key={value} value={value}>
                    {sharedText(LEVEL_LABELS[value])}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormMessage />
          </FormItem>
        )}
      />
    </div>
  )
}
