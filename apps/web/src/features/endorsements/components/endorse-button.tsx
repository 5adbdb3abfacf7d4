import { ThumbsUpIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, type ButtonProps } from '../../../components/ui/button'
import { useNewEndorsementShortcut } from '../../../lib/shortcuts'
import {
  CreateEndorsementDialog,
  type EndorsementPrefill,
  type EndorsementTarget,
} from './create-endorsement-dialog'

type Props = {
  target: EndorsementTarget
  size?: ButtonProps['size']
  variant?: ButtonProps['variant']
  className?: string
  /** Visible text; the accessible name always names the member. */
  label?: string
  /** This button answers the "n" shortcut (one per page: the profile's). */
  shortcut?: boolean
  /** Passed to the dialog: starting values and what it answers (a request to vouch). */
  prefill?: EndorsementPrefill
  context?: ReactNode
}

/** The Endorse button of profiles and discovery cards: opens the create-endorsement dialog for the member. */
export function EndorseButton({
  target,
  size,
  variant,
  className,
  label,
  shortcut = false,
  prefill,
  context,
}: Props) {
  const { t } = useTranslation('endorsements')
  const [open, setOpen] = useState(false)
  useNewEndorsementShortcut(() => setOpen(true), shortcut)
  const name = target.fullName || target.username
  return (
    <>
      <Button
        size={size}
        variant={variant}
        className={className}
        onClick={() => setOpen(true)}
        aria-label={t('endorseButton.ariaLabel', { name })}
        aria-keyshortcuts={shortcut ? 'n' : undefined}
      >
        <ThumbsUpIcon aria-hidden />
        {label ?? t('endorseButton.label')}
      </Button>
      <CreateEndorsementDialog
        target={target}
        open={open}
        onOpenChange={setOpen}
        prefill={prefill}
        context={context}
      />
    </>
  )
}
