import { useTranslation } from 'react-i18next'
import type { TSuggestedUser } from '@vouched/shared/discovery'
import { SEARCH_QUERY_MAX } from '@vouched/shared/discovery.constants'
import { Loader2Icon, SearchIcon } from 'lucide-react'
import { useState } from 'react'
import { useCombobox } from '../../../components/ui/combobox'
import { Input } from '../../../components/ui/input'
import { useSuggestions, UserOption } from './search-suggest-box'

/**
 * Find a member by name to act on (Create Endorsement): the search box's suggestions, people only,
 * listed under the field. The page or app that shows it decides what picking does.
 */
export function PersonPicker({ onPick }: { onPick: (user: TSuggestedUser) => void }) {
  const { t } = useTranslation('discovery')
  const [text, setText] = useState('')
  const { items, settled } = useSuggestions(text, { usersOnly: true })
  const box = useCombobox({ items, onPick: (item) => item.kind === 'user' && onPick(item.user) })
  const typed = text.trim().length > 0

  return (
    <div className="grid gap-2">
      <div className="relative">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label={t('picker.label')}
          placeholder={t('picker.placeholder')}
          value={text}
          maxLength={SEARCH_QUERY_MAX}
          onChange={(event) => {
            setText(event.target.value)
            box.show()
          }}
          className="pr-9 pl-9"
          {...box.inputProps}
        />
        {typed && !settled ? (
          <Loader2Icon
            className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
            aria-hidden
          />
        ) : null}
      </div>
      <div
        {...box.listboxProps}
        aria-label={t('picker.members')}
        hidden={!box.expanded}
        className="grid max-h-72 gap-0.5 overflow-y-auto"
      >
        {items.map((item, i) =>
          item.kind === 'user' ? (
            <UserOption key={item.user.id} user={item.user} {...box.optionProps(i)} />
          ) : null,
        )}
      </div>
      <p className="px-1 text-sm text-muted-foreground" role="status">
        {!typed ? t('picker.prompt') : settled && items.length === 0 ? t('picker.none') : null}
      </p>
    </div>
  )
}
