import { useTranslation } from 'react-i18next'
import { CheckIcon, CopyIcon, MailIcon, MegaphoneIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { toast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'

const COPIED_MS = 2_000

/**
 * "Ask a colleague to vouch for you": the member's public badge page, which anyone can open without
 * an account (a profile needs one), with a copy button and a ready-made email. Endorsement requests
 * themselves come later (issue 25).
 */
export function AskToVouch({ username, className }: { username: string; className?: string }) {
  const link = `${window.location.origin}/badge/${encodeURIComponent(username)}`
  const { t } = useTranslation('onboarding')
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable')
      await navigator.clipboard.writeText(link)
    } catch {
      toast({ title: t('ask.copyFailed'), description: t('ask.copyFailedText'), variant: 'destructive' })
      return
    }
    toast({ title: t('ask.copiedToast') })
    setCopied(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopied(false), COPIED_MS)
  }
  const mail = `mailto:?subject=${encodeURIComponent(t('ask.emailSubject'))}&body=${encodeURIComponent(t('ask.emailBody', { link }))}`

  return (
    <Card className={cn('grid content-start gap-3 p-5 sm:p-6', className)}>
      <section aria-labelledby="ask-to-vouch-heading" className="grid gap-3">
        <div className="flex items-center gap-2">
          <MegaphoneIcon className="size-5 shrink-0 text-primary" aria-hidden />
          <h2 id="ask-to-vouch-heading" className="text-base font-semibold">
            {t('ask.title')}
          </h2>
        </div>
        <p className="text-sm text-muted-foreground">{t('ask.intro')}</p>
        <div className="flex min-w-0 gap-2">
          <Input
            readOnly
            value={link}
            aria-label={t('ask.linkLabel')}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 text-sm"
          />
          <Button type="button" variant="outline" onClick={() => void copy()} className="shrink-0">
            {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
            {copied ? t('ask.copied') : t('ask.copy')}
          </Button>
        </div>
        <Button asChild variant="ghost" size="sm" className="w-fit px-2">
          <a href={mail}>
            <MailIcon aria-hidden />
            {t('ask.email')}
          </a>
        </Button>
      </section>
    </Card>
  )
}
