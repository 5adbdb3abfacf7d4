import { SearchIcon } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { cn } from '../../lib/cn'
import { Input } from '../ui/input'

/** The top bar search: goes to /discover?q={text}&sort=reputation, only when the trimmed text is not empty. */
export function SearchBox({ className, onSearch }: { className?: string; onSearch?: () => void }) {
  const { t } = useTranslation('common')
  const [text, setText] = useState('')
  const navigate = useNavigate()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const query = text.trim()
    if (!query) return
    void navigate(`/discover?q=${encodeURIComponent(query)}&sort=reputation`)
    onSearch?.()
  }

  return (
    <form role="search" onSubmit={submit} className={cn('relative', className)}>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        aria-label={t('searchBox.label')}
        aria-keyshortcuts="/"
        data-top-bar-search=""
        placeholder={t('searchBox.placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="h-9 rounded-full bg-muted/60 pl-9 shadow-none focus-visible:bg-card"
      />
    </form>
  )
}
