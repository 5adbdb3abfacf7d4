import { useTranslation } from 'react-i18next'
import { MessageSquareIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button, type ButtonProps } from '../../../components/ui/button'

type Props = {
  userId: number
  /** Shown in the accessible name: 'Message Ada Lovelace'. */
  name: string
  size?: ButtonProps['size']
  variant?: ButtonProps['variant']
  className?: string
}

/** Opens the thread with a connection (or a new one) on /messages. Show it only to connections. */
export function MessageButton({ userId, name, size = 'default', variant = 'outline', className }: Props) {
  const { t } = useTranslation('messaging')
  return (
    <Button asChild size={size} variant={variant} className={className}>
      <Link to={`/messages?to=${userId}`} aria-label={t('button.label', { name })}>
        <MessageSquareIcon aria-hidden />
        {t('button.text')}
      </Link>
    </Button>
  )
}
