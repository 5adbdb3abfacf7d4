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
  return (
    <Button asChild size={size} variant={variant} className={className}>
      <Link to={`/messages?to=${userId}`} aria-label={`Message ${name}`}>
        <MessageSquareIcon aria-hidden />
        Message
      </Link>
    </Button>
  )
}
