import { BADGE_MESSAGES, BADGE_PREVIEW_HEIGHT, BADGE_SIZE, badgeImageUrl } from '@vouched/shared/badges'
import { DownloadIcon, LoaderCircleIcon } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { badgeLang, fetchBadgeSvg } from '../badges.api'
import { downloadFile } from '../badge-share'
import { useSharedText } from '../../../lib/i18n/shared-text'

type BadgeFrameProps = {
  username: string
  hashtags: readonly string[]
  timestamp: number
  height?: number
  className?: string
}

/**
 * The badge as the server draws it, in an iframe whose URL carries the skills and a timestamp. The SVG
 * format stays sharp on any screen density; the PNG is what other sites embed.
 */
export function BadgeFrame({
  username,
  hashtags,
  timestamp,
  height = BADGE_PREVIEW_HEIGHT,
  className,
}: BadgeFrameProps) {
  const { t } = useTranslation('badges')
  const src = badgeImageUrl('', username, { format: 'svg', hashtags, timestamp, lang: badgeLang() })
  return (
    // Out of the tab order: a picture with nothing to operate, where focus would show nothing (it
    // is still read out, by its title, in reading order).
    <iframe
      src={src}
      title={t('preview.frameTitle', { username })}
      tabIndex={-1}
      width={BADGE_SIZE}
      height={height}
      className={cn('block max-w-full border-0 bg-transparent', className)}
      style={{ height }}
      data-testid="badge-frame"
    />
  )
}

export function DownloadBadgeButton({
  username,
  hashtags,
}: {
  username: string
  hashtags: readonly string[]
}) {
  const sharedText = useSharedText()
  const { t } = useTranslation('badges')
  const [pending, setPending] = useState(false)
  const download = async () => {
    setPending(true)
    try {
      const svg = await fetchBadgeSvg(username, hashtags)
      downloadFile(svg, `${username}-vouched-badge.svg`, 'image/svg+xml')
    } catch {
      toast({
        title: sharedText(BADGE_MESSAGES.downloadFailedTitle),
        description: sharedText(BADGE_MESSAGES.downloadFailed),
        variant: 'destructive',
      })
    } finally {
      setPending(false)
    }
  }
  return (
    <Button onClick={download} disabled={pending} className="w-full">
      {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <DownloadIcon aria-hidden />}
      {t('preview.download')}
    </Button>
  )
}
