import { EyeOffIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'

export const ENDORSEMENT_UNAVAILABLE = {
  title: 'This endorsement is not available',
  text: 'It may have been deleted, or hidden by the member who received it.',
} as const

/** What a notification opens when its endorsement is gone or not the reader's to see. */
export function EndorsementUnavailable() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <EyeOffIcon className="size-12 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-semibold tracking-tight">{ENDORSEMENT_UNAVAILABLE.title}</h1>
      <p className="text-muted-foreground">{ENDORSEMENT_UNAVAILABLE.text}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <Button asChild variant="outline">
          <Link to="/notifications">Back to notifications</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/">Go to Home</Link>
        </Button>
      </div>
    </div>
  )
}
