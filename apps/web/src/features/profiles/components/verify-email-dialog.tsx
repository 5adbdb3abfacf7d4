import { useTranslation } from 'react-i18next'
import { PROFILE_MESSAGES } from '@vouched/shared/profiles.constants'
import { BadgeCheckIcon, MailCheckIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogContent } from '../../../components/ui/dialog'
import { DialogLoading } from '../../../components/ui/dialog-loading'
import { useSharedText } from '../../../lib/i18n/shared-text'

export type Step =
  { name: 'email'; email?: string } | { name: 'code'; email: string; demoCode?: string } | { name: 'done' }

// The steps' forms (react-hook-form, zod) are fetched when the dialog first opens.
const VerifyEmailSteps = lazy(() => import('./verify-email-steps'))

/**
 * Verify Work Email (SPEC.md §2): email entry, code entry (Back returns to the email), success. The demo
 * hint shows the code when the server has no mail server and sends it back. Keep it mounted while the
 * verified state changes underneath, so the success step stays on screen.
 */
export function VerifyEmailDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [step, setStep] = useState<Step>({ name: 'email' })
  const change = (next: boolean) => {
    onOpenChange(next)
    if (!next) setStep({ name: 'email' })
  }
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="sm:max-w-md">
        <Suspense fallback={<DialogLoading />}>
          <VerifyEmailSteps step={step} onStep={setStep} onClose={() => change(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  )
}

/** The own-profile box: 'Email Verified' once verified, else the Verify Work Email button and dialog. */
export function WorkEmailCard({ verified }: { verified: boolean }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('profiles')
  const [open, setOpen] = useState(false)
  return (
    <>
      {verified ? (
        <Alert variant="success">
          <BadgeCheckIcon aria-hidden />
          <AlertTitle>{sharedText(PROFILE_MESSAGES.verifiedBoxTitle)}</AlertTitle>
          <AlertDescription>{sharedText(PROFILE_MESSAGES.verifiedBoxText)}</AlertDescription>
        </Alert>
      ) : (
        <div className="grid gap-2 rounded-lg border border-dashed p-4">
          <p className="text-sm text-muted-foreground">{t('workEmail.pitch')}</p>
          <Button variant="outline" className="w-full" onClick={() => setOpen(true)}>
            <MailCheckIcon aria-hidden />
            {t('workEmail.button')}
          </Button>
        </div>
      )}
      <VerifyEmailDialog open={open} onOpenChange={setOpen} />
    </>
  )
}
