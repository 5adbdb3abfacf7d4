import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { PageContainer } from '../../components/layout/page-container'
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { GivenRemoteVouches } from '../../features/remote-vouches/components/given-remote-vouches'
import { RemoteVouchForm } from '../../features/remote-vouches/components/remote-vouch-form'
import { useDocumentTitle } from '../../lib/use-document-title'

const isActorUri = (value: string) => /^https?:\/\//i.test(value) && URL.canParse(value)

/**
 * /fediverse/vouch?actor=<actor URI>&handle=<@name@host>: vouching for a member of another Vouched
 * server, what a remote account found by search links to; below, the viewer's vouches given there.
 */
export default function FediverseVouchPage() {
  const { t } = useTranslation('remote-vouches')
  const [params] = useSearchParams()
  const actor = params.get('actor')?.trim() ?? ''
  const handle = params.get('handle')?.trim() || actor
  useDocumentTitle(t('page.title'))

  return (
    <PageContainer className="mx-auto flex max-w-2xl flex-col gap-6">
      {isActorUri(actor) ? (
        <Card>
          <CardHeader>
            <CardTitle as="h1" className="break-words">
              {t('page.heading', { handle })}
            </CardTitle>
            <CardDescription>{t('page.intro', { handle })}</CardDescription>
          </CardHeader>
          <CardContent>
            <RemoteVouchForm actorUri={actor} handle={handle} />
          </CardContent>
        </Card>
      ) : (
        <Alert>
          <AlertTitle>
            <h1>{t('page.missing')}</h1>
          </AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>{t('page.missingText')}</p>
            <Button asChild size="sm" variant="outline" className="w-fit">
              <Link to="/discover">{t('page.search')}</Link>
            </Button>
          </AlertDescription>
        </Alert>
      )}
      <GivenRemoteVouches />
    </PageContainer>
  )
}
