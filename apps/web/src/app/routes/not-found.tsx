import { CompassIcon, HomeIcon } from 'lucide-react'
import { Trans, useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { Button } from '../../components/ui/button'
import { useDocumentTitle } from '../../lib/use-document-title'

/**
 * Any unknown path. SPEC.md's title is kept; its developer text is replaced by words for members with
 * two ways on (issue 23, docs/decisions/094-return-after-sign-in-and-404.md).
 */
export default function NotFoundPage() {
  const { t } = useTranslation('app')
  useDocumentTitle(t('notFound.documentTitle'))
  const { pathname } = useLocation()
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-5 px-4 py-24 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <CompassIcon className="size-7" aria-hidden />
      </span>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('notFound.title')}</h1>
      <div className="grid max-w-md gap-2 text-muted-foreground">
        <p>
          <Trans
            t={t}
            i18nKey="notFound.text"
            values={{ pathname }}
            components={{ path: <span className="font-medium break-all text-foreground" /> }}
          />
        </p>
        <p>{t('notFound.next')}</p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">
            <HomeIcon aria-hidden />
            {t('shared.goHome')}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/discover">
            <CompassIcon aria-hidden />
            {t('notFound.discover')}
          </Link>
        </Button>
      </div>
    </div>
  )
}
