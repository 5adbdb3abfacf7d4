import { CheckIcon, Share2Icon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast'
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard'

/** 'Share Badge': the system share sheet where there is one, else the link is copied. */
export function ShareLinkButton({ url, title, text }: { url: string; title: string; text: string }) {
  const { t } = useTranslation('badges')
  const { copiedKey, copy } = useCopyToClipboard()
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url })
      } catch {
        // Closing the share sheet is not an error.
      }
      return
    }
    if (await copy('link', url))
      toast({ title: t('shareLink.copied'), description: t('shareLink.copiedDescription') })
  }
  return (
    <Button onClick={share} size="lg" className="w-full sm:w-auto">
      {copiedKey === 'link' ? <CheckIcon aria-hidden /> : <Share2Icon aria-hidden />}
      {t('shareLink.share')}
    </Button>
  )
}
