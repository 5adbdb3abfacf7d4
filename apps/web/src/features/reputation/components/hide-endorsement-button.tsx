import { useTranslation } from 'react-i18next'
import { REPUTATION_MESSAGES } from '@vouched/shared/reputation.constants'
import { EyeIcon, EyeOffIcon } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useSetHidden } from '../reputation.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** On one's own profile: hide a received endorsement (it stops counting) or show it again. */
export function HideEndorsementButton({ id, hidden }: { id: number; hidden: boolean }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('reputation')
  const setHidden = useSetHidden()
  const next = !hidden
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={setHidden.isPending}
      aria-label={hidden ? t('hide.show') : t('hide.hide')}
      onClick={() =>
        setHidden.mutate(
          { id, hidden: next },
          {
            onSuccess: () =>
              toast({
                title: next ? sharedText(REPUTATION_MESSAGES.hidden) : sharedText(REPUTATION_MESSAGES.shown),
              }),
            onError: (error) =>
              toast({
                title: sharedText(REPUTATION_MESSAGES.hideFailed),
                description: errorMessage(error),
                variant: 'destructive',
              }),
          },
        )
      }
    >
      {hidden ? <EyeIcon aria-hidden /> : <EyeOffIcon aria-hidden />}
      <span className="hidden sm:inline">{hidden ? t('hide.showShort') : t('hide.hideShort')}</span>
    </Button>
  )
}
