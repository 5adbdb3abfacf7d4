import { zodResolver } from '@hookform/resolvers/zod'
import {
  REVIEW_MESSAGES,
  ZUpdateEndorsementBody,
  type TUpdateEndorsement,
  type TUpdateEndorsementBody,
} from '@vouched/shared/endorsement-review'
import type { TEndorsement } from '@vouched/shared/endorsements'
import { PencilIcon } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog'
import { Form } from '../../../components/ui/form'
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useEditEndorsement } from '../endorsements.api'
import { EndorsementTextFields } from './endorsement-text-fields'
import { RelationshipFields } from './relationship-fields'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** The endorser changes the note, skills, relationship and level of their endorsement (PATCH). */
export function EditEndorsementDialog({ endorsement }: { endorsement: TEndorsement }) {
  const { t } = useTranslation('endorsements')
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <PencilIcon aria-hidden />
          {t('editDialog.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('editDialog.title')}</DialogTitle>
          <DialogDescription>{t('editDialog.description')}</DialogDescription>
        </DialogHeader>
        {open ? <EditForm endorsement={endorsement} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function EditForm({ endorsement: e, onDone }: { endorsement: TEndorsement; onDone: () => void }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('endorsements')
  const edit = useEditEndorsement(e.id)
  const form = useForm<TUpdateEndorsementBody, unknown, TUpdateEndorsement>({
    resolver: zodResolver(ZUpdateEndorsementBody),
    defaultValues: {
      note: e.note ?? '',
      hashtags: e.hashtags,
      relationship: e.relationship ?? null,
      level: e.level ?? null,
    },
  })
  const onSubmit = form.handleSubmit((body) =>
    edit.mutate(body, {
      onSuccess: () => {
        toast({ title: sharedText(REVIEW_MESSAGES.saved) })
        onDone()
      },
      onError: (error) =>
        toast({
          title: t('editDialog.saveFailed'),
          description: errorMessage(error),
          variant: 'destructive',
        }),
    }),
  )
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <RelationshipFields control={form.control} />
        <EndorsementTextFields control={form.control} />
        <FormDialogFooter onCancel={onDone} pending={edit.isPending}>
          {edit.isPending ? t('editDialog.saving') : t('editDialog.save')}
        </FormDialogFooter>
      </form>
    </Form>
  )
}
