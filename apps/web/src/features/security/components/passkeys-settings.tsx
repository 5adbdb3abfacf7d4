import { zodResolver } from '@hookform/resolvers/zod'
import { PASSKEY_MAX, ZPasskeyName, type TPasskey } from '@vouched/shared/security'
import { KeyRoundIcon, Loader2Icon, PlusIcon, Trash2Icon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog'
import { Button } from '../../../components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { Input } from '../../../components/ui/input'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { passkeyCancelled, passkeyErrorMessage, passkeysSupported } from '../../../lib/passkeys'
import { formatRelativeTime } from '../../../lib/time'
import { describeDevice } from '../device'
import { useAddPasskey, useRemovePasskey } from '../security.api'

function PasskeyRow({ passkey }: { passkey: TPasskey }) {
  const { t } = useTranslation('security')
  const remove = useRemovePasskey()
  const onRemove = () =>
    remove.mutate(passkey.id, {
      onSuccess: () =>
        toast({
          title: t('passkeys.removed'),
          description: t('passkeys.removedText', { name: passkey.name }),
        }),
      onError: (error) =>
        toast({
          title: t('passkeys.couldNotRemove'),
          description: errorMessage(error),
          variant: 'destructive',
        }),
    })
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" aria-label={passkey.name}>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <KeyRoundIcon className="size-5" aria-hidden />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="truncate text-sm font-medium">{passkey.name}</p>
        <p className="text-xs text-muted-foreground">
          {passkey.lastUsedAt
            ? t('passkeys.activity', {
                added: formatRelativeTime(passkey.createdAt),
                lastUsed: formatRelativeTime(passkey.lastUsedAt),
              })
            : t('passkeys.activityNever', { added: formatRelativeTime(passkey.createdAt) })}
        </p>
      </div>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={remove.isPending}
            aria-label={t('passkeys.removeLabel', { name: passkey.name })}
          >
            {remove.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden />
            ) : (
              <Trash2Icon aria-hidden />
            )}
            {t('passkeys.remove')}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('passkeys.confirmTitle', { name: passkey.name })}</AlertDialogTitle>
            <AlertDialogDescription>{t('passkeys.confirmText')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('passkeys.cancel')}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={onRemove}>
              {t('passkeys.confirmRemove')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  )
}

const ZAddForm = z.object({ name: ZPasskeyName })

/** Names the new passkey (the browser it is made on, to start with), then asks the device to make it. */
function AddPasskey() {
  const { t } = useTranslation('security')
  const add = useAddPasskey()
  const form = useForm<z.input<typeof ZAddForm>, unknown, z.output<typeof ZAddForm>>({
    resolver: zodResolver(ZAddForm),
    defaultValues: { name: describeDevice(navigator.userAgent).name.slice(0, 60) },
  })
  const onSubmit = form.handleSubmit(({ name }) =>
    add.mutate(name, {
      onSuccess: (passkey) => {
        // The next one is likely another device (a phone, a security key): its name is the member's to give.
        form.reset({ name: '' })
        toast({
          title: t('passkeys.added'),
          description: t('passkeys.addedText', { name: passkey.name }),
        })
      },
      onError: (error) => {
        if (passkeyCancelled(error)) {
          toast({ title: t('passkeys.notAdded'), description: passkeyErrorMessage(error) })
          return
        }
        form.setError('name', { message: passkeyErrorMessage(error) }, { shouldFocus: true })
      },
    }),
  )
  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="flex flex-wrap items-start gap-3"
        aria-label={t('passkeys.addForm')}
      >
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem className="min-w-56 flex-1 sm:max-w-xs">
              <FormLabel>{t('passkeys.name')}</FormLabel>
              <FormControl>
                <Input autoComplete="off" maxLength={80} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="sm:mt-[1.375rem]" disabled={add.isPending}>
          {add.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <PlusIcon aria-hidden />}
          {t('passkeys.add')}
        </Button>
      </form>
    </Form>
  )
}

/** The member's passkeys (name, added, last used), each removable, and a form to add one. */
export function PasskeysSettings({ passkeys }: { passkeys: TPasskey[] }) {
  const { t } = useTranslation('security')
  const supported = passkeysSupported()
  const full = passkeys.length >= PASSKEY_MAX
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t('passkeys.intro')}</p>
      {passkeys.length > 0 ? (
        <ul aria-label={t('passkeys.list')} className="divide-y">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      ) : null}
      {!supported ? (
        <p className="text-sm text-muted-foreground">{t('passkeys.unsupported')}</p>
      ) : full ? (
        <p className="text-sm text-muted-foreground">{t('passkeys.full', { count: PASSKEY_MAX })}</p>
      ) : (
        <AddPasskey />
      )}
    </div>
  )
}
