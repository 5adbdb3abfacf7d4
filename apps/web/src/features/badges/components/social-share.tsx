import {
  FacebookIcon,
  InstagramIcon,
  LinkedinIcon,
  MailIcon,
  MessageCircleIcon,
  TwitterIcon,
  type LucideIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { socialShareLinks } from '../badge-share'
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard'

type SocialShareProps = {
  /** The public badge page: its server-rendered meta tags make the link preview. */
  url: string
  text: string
  subject: string
}

const tile =
  'flex flex-col items-center justify-center gap-2 rounded-xl border bg-card px-3 py-4 text-sm font-medium transition-colors outline-none hover:border-primary/40 hover:bg-muted'

function TileContent({
  icon: Icon,
  label,
  className,
}: {
  icon: LucideIcon
  label: ReactNode
  className: string
}) {
  return (
    <>
      <span className={cn('flex size-10 items-center justify-center rounded-full text-white', className)}>
        <Icon className="size-5" aria-hidden />
      </span>
      {label}
    </>
  )
}

/** SPEC.md §2 social platforms: share links, Instagram (copy, it has no share link), Email, Message. */
export function SocialShare({ url, text, subject }: SocialShareProps) {
  const { t } = useTranslation('badges')
  const links = socialShareLinks({ url, text, subject })
  const { copy } = useCopyToClipboard()

  const copyForInstagram = async () => {
    if (await copy('instagram', `${text} ${url}`)) {
      toast({
        title: t('social.instagramCopied'),
        description: t('social.instagramCopiedDescription'),
      })
    }
  }

  const message = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: subject, text, url })
      } catch {
        // Closing the share sheet is not an error.
      }
      return
    }
    if (await copy('message', `${text} ${url}`)) {
      toast({ title: t('social.linkCopied'), description: t('social.linkCopiedDescription') })
    }
  }

  const external = { target: '_blank', rel: 'noopener noreferrer' }
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <a href={links.linkedin} {...external} className={tile} aria-label={t('social.shareOnLinkedIn')}>
          <TileContent icon={LinkedinIcon} label="LinkedIn" className="bg-[#0a66c2]" />
        </a>
        <a href={links.twitter} {...external} className={tile} aria-label={t('social.shareOnTwitter')}>
          <TileContent icon={TwitterIcon} label="Twitter/X" className="bg-[#0f1419]" />
        </a>
        <a href={links.facebook} {...external} className={tile} aria-label={t('social.shareOnFacebook')}>
          <TileContent icon={FacebookIcon} label="Facebook" className="bg-[#1877f2]" />
        </a>
        <button
          type="button"
          onClick={copyForInstagram}
          className={tile}
          aria-label={t('social.copyForInstagram')}
        >
          <TileContent
            icon={InstagramIcon}
            label="Instagram"
            className="bg-[linear-gradient(45deg,#f09433,#e6683c,#dc2743,#cc2366,#bc1888)]"
          />
        </button>
        <a href={links.email} className={tile} aria-label={t('social.shareByEmail')}>
          <TileContent icon={MailIcon} label={t('social.email')} className="bg-[#64748b]" />
        </a>
        <button type="button" onClick={message} className={tile} aria-label={t('social.shareInMessage')}>
          <TileContent icon={MessageCircleIcon} label={t('social.message')} className="bg-success" />
        </button>
      </div>
      <div className="rounded-lg bg-muted px-4 py-3 text-sm">
        <p className="mb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {t('social.shareText')}
        </p>
        <p data-testid="share-text">{text}</p>
      </div>
    </div>
  )
}
