import { useTranslation } from 'react-i18next'
import { PencilIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog'
import { DialogLoading } from '../../../components/ui/dialog-loading'

export type Editable = {
  id: number
  fullName: string | null
  title: string | null
  bio: string | null
  location: string | null
}

// The form (react-hook-form, zod) is fetched when the dialog first opens.
const EditProfileForm = lazy(() => import('./edit-profile-form'))

/** Edit profile (own profile only): full name, title, bio, location with the limits of SPEC.md §5. */
export function EditProfileDialog({ user }: { user: Editable }) {
  const { t } = useTranslation('profiles')
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <PencilIcon aria-hidden />
          {t('edit.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('edit.title')}</DialogTitle>
          <DialogDescription>{t('edit.description')}</DialogDescription>
        </DialogHeader>
        {open ? (
          <Suspense fallback={<DialogLoading />}>
            <EditProfileForm user={user} onDone={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
