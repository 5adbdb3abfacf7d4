import { useTranslation } from 'react-i18next'
import {
  PROFILE_MESSAGES,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
} from '@vouched/shared/profiles.constants'
import { CameraIcon, Loader2Icon } from 'lucide-react'
import { useEffect, useId, useMemo, useState } from 'react'
import { UserAvatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useUploadProfilePicture } from '../profiles.api'
import { sharedText, useSharedText } from '../../../lib/i18n/shared-text'

type Props = {
  user: { id: number; fullName: string | null; username: string; profilePicture: string | null }
}

/** Checks a chosen picture as SPEC.md §5 says; returns the toast to show when it is refused. */
export function checkPicture(file: File): { title: string; description: string } | null {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) {
    return {
      title: sharedText(PROFILE_MESSAGES.pictureTypeTitle),
      description: sharedText(PROFILE_MESSAGES.pictureType),
    }
  }
  if (file.size >= PROFILE_PICTURE_MAX_BYTES) {
    return {
      title: sharedText(PROFILE_MESSAGES.pictureSizeTitle),
      description: sharedText(PROFILE_MESSAGES.pictureSize),
    }
  }
  return null
}

/** Update profile picture (own profile only): PNG or JPEG under 5MB, previewed before upload. */
export function ChangePictureDialog({ user }: Props) {
  const sharedText = useSharedText()
  const { t } = useTranslation('profiles')
  const [open, setOpen] = useState(false)
  const [file, setFile] = useState<File | null>(null)
  const upload = useUploadProfilePicture(user.id)
  const inputId = useId()

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file])
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) setFile(null)
  }

  const choose = (chosen: File | undefined) => {
    if (!chosen) return
    const refusal = checkPicture(chosen)
    if (refusal) {
      toast({ ...refusal, variant: 'destructive' })
      return
    }
    setFile(chosen)
  }

  const submit = () => {
    if (!file) return
    upload.mutate(file, {
      onSuccess: () => {
        toast({ title: t('picture.updated') })
        onOpenChange(false)
      },
      onError: (error) =>
        toast({
          title: sharedText(PROFILE_MESSAGES.updateFailed),
          description: errorMessage(error),
          variant: 'destructive',
        }),
    })
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button
          size="icon"
          variant="secondary"
          className="absolute right-0 bottom-0 size-8 rounded-full border-2 border-card shadow"
          aria-label={t('picture.change')}
        >
          <CameraIcon className="size-4" aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('picture.title')}</DialogTitle>
          <DialogDescription>{t('picture.description')}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col items-center gap-4">
          <UserAvatar
            src={preview ?? user.profilePicture}
            fullName={user.fullName}
            username={user.username}
            className="size-28 text-3xl"
          />
          <div className="grid w-full gap-2">
            <Label htmlFor={inputId}>{t('picture.choose')}</Label>
            <Input
              id={inputId}
              type="file"
              accept="image/png,image/jpeg"
              onChange={(event) => {
                choose(event.target.files?.[0])
                event.target.value = ''
              }}
            />
            {file ? <p className="truncate text-xs text-muted-foreground">{file.name}</p> : null}
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('picture.cancel')}
          </Button>
          <Button onClick={submit} disabled={!file || upload.isPending}>
            {upload.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
            {upload.isPending ? t('picture.uploading') : t('picture.upload')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
