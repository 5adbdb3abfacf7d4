import { FormDialogFooter } from '../../../components/ui/form-dialog-footer'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { REVIEW_MESSAGES, UNDO_WINDOW_MS } from '@vouched/shared/endorsement-review'
import {
  ZCreateEndorsementForm,
  type TCreateEndorsement,
  type TCreateEndorsementBody,
} from '@vouched/shared/endorsements'
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  CATEGORIES,
  DEFAULT_CATEGORY,
  ENDORSEMENT_MESSAGES,
  engagementWeight,
} from '@vouched/shared/endorsements.constants'
import { formatMultiplier } from '../../../lib/numbers'
import { FileIcon, Loader2Icon, PaperclipIcon, XIcon } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Trans, useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../../components/ui/form'
import { Label } from '../../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import { Switch } from '../../../components/ui/switch'
import { toast } from '../../../components/ui/toast'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { useCurrentUser } from '../../../lib/session'
import {
  givenCategoriesQuery,
  useCreateEndorsement,
  useUploadAttachment,
  withdrawEndorsement,
} from '../endorsements.api'
import { EndorsementTextFields } from './endorsement-text-fields'
import { RelationshipFields } from './relationship-fields'
import type { EndorsementPrefill, EndorsementTarget } from './create-endorsement-dialog'
import { useSharedText } from '../../../lib/i18n/shared-text'

type Attachment = { name: string; contentUrl: string; contentType: string }
const FORM_FIELDS = [
  'category',
  'note',
  'hashtags',
  'contentUrl',
  'isAnonymous',
  'relationship',
  'level',
] as const

/** The create-endorsement form inside CreateEndorsementDialog (its own chunk). */
export default function EndorsementForm({
  target,
  onDone,
  prefill,
}: {
  target: EndorsementTarget
  onDone: () => void
  prefill?: EndorsementPrefill
}) {
  const sharedText = useSharedText()
  const { t } = useTranslation('endorsements')
  const { user } = useCurrentUser()
  const create = useCreateEndorsement(target.username)
  const queryClient = useQueryClient()
  const upload = useUploadAttachment()
  const given = useQuery(givenCategoriesQuery(target.id))
  const [attachment, setAttachment] = useState<Attachment | null>(null)
  const [attachmentError, setAttachmentError] = useState<string | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const fileId = useId()

  const form = useForm<TCreateEndorsementBody, unknown, TCreateEndorsement>({
    resolver: zodResolver(ZCreateEndorsementForm),
    defaultValues: {
      toUserId: target.id,
      category: prefill?.category ?? DEFAULT_CATEGORY,
      note: '',
      hashtags: prefill?.hashtags ?? [],
      isAnonymous: false,
    },
  })
  const note = useWatch({ control: form.control, name: 'note' })
  const isAnonymous = useWatch({ control: form.control, name: 'isAnonymous' })
  const name = target.fullName || target.username
  const used = useMemo(() => new Set<string>(given.data?.categories ?? []), [given.data])
  const firstFree = CATEGORIES.find((category) => !used.has(category))

  // Start on a category the API will accept: the default one may be used already.
  useEffect(() => {
    if (!firstFree || form.getFieldState('category').isDirty) return
    if (used.has(form.getValues('category') ?? DEFAULT_CATEGORY))
      form.setValue('category', firstFree, { shouldValidate: true })
  }, [firstFree, used, form])

  // The "skill or note" error sits on the skills field; a note typed afterwards answers it too.
  const needsSkillOrNote = form.formState.errors.hashtags?.type === 'custom'
  useEffect(() => {
    if (needsSkillOrNote && note?.trim()) void form.trigger('hashtags')
  }, [needsSkillOrNote, note, form])
  const weight = engagementWeight({
    hasNote: Boolean(note?.trim()),
    hasAttachment: Boolean(attachment),
    // The server gives an anonymous endorsement no verified factor: it would be a clue to its giver.
    verifiedEndorser: Boolean(user?.isEmailVerified) && !isAnonymous,
  })

  const chooseFile = (file: File | undefined) => {
    setAttachmentError(null)
    if (!file) return
    if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) {
      setAttachmentError(sharedText(ENDORSEMENT_MESSAGES.attachmentType))
      return
    }
    if (file.size > ATTACHMENT_MAX_BYTES) {
      setAttachmentError(sharedText(ENDORSEMENT_MESSAGES.attachmentTooLarge))
      return
    }
    upload.mutate(file, {
      onSuccess: (uploaded) => {
        setAttachment({ name: file.name, ...uploaded })
        form.setValue('contentUrl', uploaded.contentUrl)
        form.setValue('contentType', uploaded.contentType)
      },
      onError: (error) => setAttachmentError(errorMessage(error, t('form.uploadFailed'))),
    })
  }

  const removeAttachment = () => {
    setAttachment(null)
    form.setValue('contentUrl', undefined)
    form.setValue('contentType', undefined)
    if (fileInput.current) fileInput.current.value = ''
  }

  // The toast outlives this form (the dialog closes at once), so Undo calls the API without a hook.
  const undo = async (id: number) => {
    try {
      await withdrawEndorsement(queryClient, id)
      toast({ title: sharedText(REVIEW_MESSAGES.withdrawn) })
    } catch (error) {
      toast({ title: t('form.withdrawFailed'), description: errorMessage(error), variant: 'destructive' })
    }
  }

  const onSubmit = form.handleSubmit((body) => {
    create.mutate(body, {
      onSuccess: (created) => {
        toast({
          title: created.isPending ? t('form.sentPending') : t('form.sent'),
          description: created.isPending ? t('form.sentPendingText', { name }) : t('form.sentText', { name }),
          duration: UNDO_WINDOW_MS,
          action: { label: t('form.undo'), onClick: () => void undo(created.id) },
        })
        onDone()
      },
      onError: (error) => {
        const field = isApiError(error) ? error.field : undefined
        if (field && (FORM_FIELDS as readonly string[]).includes(field)) {
          form.setError(field as (typeof FORM_FIELDS)[number], { message: errorMessage(error) })
        }
        toast({
          title: sharedText(ENDORSEMENT_MESSAGES.createFailed),
          description: errorMessage(error),
          variant: 'destructive',
        })
      },
    })
  })

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          control={form.control}
          name="category"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('form.category')}</FormLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger>
                    <SelectValue placeholder={t('form.chooseCategory')} />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {CATEGORIES.map((category) =>
                    used.has(category) ? (
                      <SelectItem key={category} value={category} disabled>
                        {sharedText(category)}
                        <span className="text-xs text-muted-foreground">{t('form.alreadyEndorsed')}</span>
                      </SelectItem>
                    ) : (
                      <SelectItem key={category} value={category}>
                        {sharedText(category)}
                      </SelectItem>
                    ),
                  )}
                </SelectContent>
              </Select>
              {used.size > 0 ? (
                <FormDescription>
                  {firstFree
                    ? t('form.usedSome', { name, categories: [...used].map(sharedText).join(', ') })
                    : t('form.usedAll', { name })}
                </FormDescription>
              ) : null}
              <FormMessage />
            </FormItem>
          )}
        />
        <RelationshipFields control={form.control} />
        <EndorsementTextFields
          control={form.control}
          notePlaceholder={t('form.notePlaceholder')}
          skillsDescription={t('form.skillsDescription')}
        />
        <div className="grid gap-2">
          <Label htmlFor={fileId}>{t('form.attachment')}</Label>
          {attachment ? (
            <div className="flex items-center gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm">
              <FileIcon className="size-4 text-muted-foreground" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{attachment.name}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                onClick={removeAttachment}
                aria-label={t('form.removeAttachment')}
              >
                <XIcon aria-hidden />
              </Button>
            </div>
          ) : (
            <div className="flex items-center gap-3">
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => fileInput.current?.click()}
                disabled={upload.isPending}
              >
                {upload.isPending ? (
                  <Loader2Icon className="animate-spin" aria-hidden />
                ) : (
                  <PaperclipIcon aria-hidden />
                )}
                {upload.isPending ? t('form.uploading') : t('form.attach')}
              </Button>
              <span className="text-xs text-muted-foreground">{t('form.attachmentHint')}</span>
            </div>
          )}
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept=".png,.jpg,.jpeg,.gif,.pdf,image/png,image/jpeg,image/gif,application/pdf"
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => chooseFile(event.target.files?.[0])}
          />
          {attachmentError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {attachmentError}
            </p>
          ) : null}
        </div>
        <FormField
          control={form.control}
          name="isAnonymous"
          render={({ field }) => (
            <FormItem className="flex flex-row items-center justify-between gap-4 rounded-lg border p-3">
              <div className="grid gap-1">
                <FormLabel>{t('form.anonymous')}</FormLabel>
                <FormDescription>{t('form.anonymousHint')}</FormDescription>
              </div>
              <FormControl>
                <Switch checked={Boolean(field.value)} onCheckedChange={field.onChange} />
              </FormControl>
            </FormItem>
          )}
        />
        <p className="text-sm text-muted-foreground">
          <Trans
            t={t}
            i18nKey="form.impact"
            values={{ weight: formatMultiplier(weight) }}
            components={{ weight: <span className="font-semibold text-foreground" /> }}
          />
        </p>
        <FormDialogFooter
          onCancel={onDone}
          pending={create.isPending}
          disabled={upload.isPending || (given.isSuccess && !firstFree)}
        >
          {create.isPending ? t('form.submitting') : t('form.submit')}
        </FormDialogFooter>
      </form>
    </Form>
  )
}
