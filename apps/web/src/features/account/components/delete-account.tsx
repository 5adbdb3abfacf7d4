import { FormDialogFooter } from '../../../components/ui/form-dialog-footer'
import { zodResolver } from '@hookform/resolvers/zod'
import { ZDeleteAccountBody, type TDeleteAccountBody } from '@vouched/shared/account'
import { ACCOUNT_MESSAGES } from '@vouched/shared/account.constants'
import { Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { PasswordInput } from '../../../components/ui/password-input'
import { toast } from '../../../components/ui/toast'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { useDeleteAccount } from '../account.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** Delete my account: a dialog asks for the password, then everything goes and the member is signed out. */
export function DeleteAccount({ disabledReason }: { disabledReason?: string | undefined }) {
  const { t } = useTranslation('account')
  const [open, setOpen] = useState(false)
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t('deleteAccount.explanation')}</p>
      {disabledReason ? <p className="text-sm text-muted-foreground">{disabledReason}</p> : null}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="destructive" className="justify-self-start" disabled={Boolean(disabledReason)}>
            <Trash2Icon aria-hidden />
            {t('deleteAccount.open')}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('deleteAccount.title')}</DialogTitle>
            <DialogDescription>{t('deleteAccount.description')}</DialogDescription>
          </DialogHeader>
          {open ? <DeleteAccountForm onCancel={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  )
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('account')
  const remove = useDeleteAccount()
  const navigate = useNavigate()
  const form = useForm<TDeleteAccountBody>({
    resolver: zodResolver(ZDeleteAccountBody),
    defaultValues: { password: '' },
  })

  const onSubmit = form.handleSubmit((body) =>
    remove.mutate(body, {
      onSuccess: (result) => {
        toast({ title: t('deleteAccount.deleted'), description: result.message })
        void navigate('/auth', { replace: true })
      },
      onError: (error) => {
        if (isApiError(error) && error.field === 'password') {
          form.setError('password', { message: errorMessage(error) }, { shouldFocus: true })
        }
        toast({
          title: sharedText(ACCOUNT_MESSAGES.deleteFailed),
          description: errorMessage(error),
          variant: 'destructive',
        })
      },
    }),
  )

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('deleteAccount.password')}</FormLabel>
              <FormControl>
                <PasswordInput {...field} autoComplete="current-password" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormDialogFooter onCancel={onCancel} pending={remove.isPending} variant="destructive">
          {t('deleteAccount.submit')}
        </FormDialogFooter>
      </form>
    </Form>
  )
}
