import { CheckIcon, CopyIcon } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { Textarea } from '../../../components/ui/textarea'

type CopyFieldProps = {
  label: string
  value: string
  copied: boolean
  onCopy: () => void
  multiline?: boolean
}

/** A read-only value with a copy button that reads 'Copied!' for 2 seconds after a copy. */
export function CopyField({ label, value, copied, onCopy, multiline = false }: CopyFieldProps) {
  const { t } = useTranslation('badges')
  const id = useId()
  const select = (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
    event.currentTarget.select()
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Button
          variant={copied ? 'secondary' : 'outline'}
          size="sm"
          onClick={onCopy}
          aria-label={t('copy.copyLabel', { label })}
        >
          {copied ? <CheckIcon className="text-success" aria-hidden /> : <CopyIcon aria-hidden />}
          <span aria-live="polite">{copied ? t('copy.copied') : t('copy.copy')}</span>
        </Button>
      </div>
      {multiline ? (
        <Textarea
          id={id}
          value={value}
          readOnly
          onFocus={select}
          rows={4}
          className="resize-none font-mono text-xs leading-relaxed break-all"
        />
      ) : (
        <Input id={id} value={value} readOnly onFocus={select} className="font-mono text-xs" />
      )}
    </div>
  )
}
