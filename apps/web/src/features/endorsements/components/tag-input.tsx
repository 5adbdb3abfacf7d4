import {
  ENDORSEMENT_MESSAGES,
  HASHTAGS_MAX,
  HASHTAG_LENGTH_MAX,
  normalizeHashtag,
  suggestTags,
} from '@vouched/shared/endorsements.constants'
import { XIcon } from 'lucide-react'
import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../lib/cn'
import { useSharedText } from '../../../lib/i18n/shared-text'

type Props = {
  value: string[]
  onChange: (tags: string[]) => void
  /** Where suggestions come from (suggested and popular tags). */
  suggestions?: readonly string[]
  max?: number
  placeholder?: string
  id?: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean
  disabled?: boolean
}

/**
 * The tag input of SPEC.md §5: Enter or comma adds the trimmed text (leading '#' and commas removed,
 * empty and duplicate tags refused), at most `max` tags (then disabled with 'Maximum 10 tags'),
 * Backspace on an empty input removes the last tag, up to 5 case-insensitive suggestions.
 */
export function TagInput({
  value,
  onChange,
  suggestions = [],
  max = HASHTAGS_MAX,
  placeholder,
  id,
  disabled,
  ...aria
}: Props) {
  const sharedText = useSharedText()
  const { t } = useTranslation('endorsements')
  const [text, setText] = useState('')
  const generatedId = useId()
  const inputId = id ?? generatedId
  const listId = `${inputId}-suggestions`
  const full = value.length >= max
  const matches = full ? [] : suggestTags(text, suggestions, value)

  /** Adds each non-empty, new tag from raw text; returns whether anything was added. */
  const add = (raw: string) => {
    const next = [...value]
    for (const part of raw.split(',')) {
      const tag = normalizeHashtag(part).slice(0, HASHTAG_LENGTH_MAX)
      if (!tag || next.length >= max) continue
      if (next.some((t) => t.toLowerCase() === tag.toLowerCase())) continue
      next.push(tag)
    }
    if (next.length !== value.length) onChange(next)
    setText('')
  }

  const remove = (index: number) => onChange(value.filter((_, i) => i !== index))

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      add(text)
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      event.preventDefault()
      remove(value.length - 1)
    }
  }

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text')
    if (pasted.includes(',')) {
      event.preventDefault()
      add(text + pasted)
    }
  }

  return (
    <div className="grid gap-2">
      {/* data-focus-field: the focus outline goes round the chips and the text box together. */}
      <div
        data-focus-field
        className={cn(
          'flex min-h-9 w-full flex-wrap items-center gap-1.5 rounded-md border border-input bg-card px-2 py-1.5 shadow-xs',
          aria['aria-invalid'] && 'border-destructive',
          (disabled || full) && 'bg-muted/60',
        )}
      >
        <ul className="contents" aria-label={t('tagInput.selected')}>
          {value.map((tag, index) => (
            <li
              key={tag}
              className="inline-flex items-center gap-0.5 rounded-full bg-accent py-0.5 pr-0.5 pl-2.5 text-xs font-medium text-accent-foreground"
            >
              #{tag}
              {/* 24 px square (WCAG 2.5.8), as tall as the chip: the negative margin keeps the chip 24 px. */}
              <button
                type="button"
                onClick={() => remove(index)}
                disabled={disabled}
                className="-my-0.5 inline-flex size-6 items-center justify-center rounded-full hover:bg-primary/10"
                aria-label={t('tagInput.remove', { tag })}
              >
                <XIcon className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
        <input
          id={inputId}
          type="text"
          value={text}
          onChange={(event) => {
            const next = event.target.value
            // A comma typed or pasted mid-text adds what comes before it.
            if (next.includes(',')) add(next)
            else setText(next)
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          disabled={disabled || full}
          placeholder={
            full
              ? sharedText(ENDORSEMENT_MESSAGES.maxTagsPlaceholder)
              : (placeholder ?? t('tagInput.placeholder'))
          }
          aria-describedby={aria['aria-describedby']}
          aria-invalid={aria['aria-invalid']}
          aria-autocomplete="list"
          aria-controls={matches.length > 0 ? listId : undefined}
          autoComplete="off"
          className="h-6 min-w-32 flex-1 bg-transparent px-1 text-sm outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
        />
      </div>
      {full ? (
        <p className="text-xs text-muted-foreground">{sharedText(ENDORSEMENT_MESSAGES.maxTagsReached)}</p>
      ) : null}
      {matches.length > 0 ? (
        <ul id={listId} aria-label={t('tagInput.suggested')} className="flex flex-wrap gap-1.5">
          {matches.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                onClick={() => add(tag)}
                className="rounded-full border border-dashed border-primary/40 px-2.5 py-0.5 text-xs text-primary hover:bg-accent"
              >
                #{tag}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
