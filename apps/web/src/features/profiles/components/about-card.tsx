import { useTranslation } from 'react-i18next'
import { PROFILE_MESSAGES } from '@vouched/shared/profiles.constants'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { useSharedText } from '../../../lib/i18n/shared-text'

export function AboutCard({ bio }: { bio: string | null }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('profiles')
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="text-base">
          {t('about.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {bio ? (
          <p className="text-sm leading-relaxed break-words whitespace-pre-line">{bio}</p>
        ) : (
          <p className="text-sm text-muted-foreground italic">{sharedText(PROFILE_MESSAGES.noBio)}</p>
        )}
      </CardContent>
    </Card>
  )
}
