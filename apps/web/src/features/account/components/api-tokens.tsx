import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import {
  API_TOKEN_EXPIRY_CHOICES,
  API_TOKEN_MESSAGES,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  ZCreateApiTokenBody,
  type TApiToken,
  type TCreateApiTokenBody,
  type TCreatedApiToken,
} from '@vouched/shared/api-tokens'
import { CheckIcon, CopyIcon, KeyRoundIcon, Loader2Icon } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Trans, useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert'
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
import { Badge } from '../../../components/ui/badge'
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
import { Input } from '../../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import { Skeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { formatDay, formatRelativeTime } from '../../../lib/time'
import { apiTokensQuery, useCreateApiToken, useRevokeApiToken } from '../account.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

const NEVER = 'never'
// Named under apiTokens.expiry; the typecheck fails when a choice has no text there.
const EXPIRY_OPTIONS = [...API_TOKEN_EXPIRY_CHOICES.map((days) => `${days}` as const), NEVER] as const
const EMPTY: TCreateApiTokenBody = { name: '', scope: 'read', expiresInDays: 90 }

/** Settings → API tokens: create one (shown once), see them with their last use, revoke them. */
export function ApiTokens() {
  const { t } = useTranslation('account')
  const [created, setCreated] = useState<TCreatedApiToken | null>(null)
  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">
        <Trans
          t={t}
          i18nKey="apiTokens.intro"
          components={{
            code: <code className="rounded bg-muted px-1 py-0.5 text-xs" />,
            docs: <a href="/api/docs" className="font-medium text-primary hover:underline" />,
          }}
        />
      </p>
      {created ? <NewToken created={created} onDone={() => setCreated(null)} /> : null}
      <CreateApiTokenForm onCreated={setCreated} />
      <section aria-labelledby="api-token-list-title" className="grid gap-2">
        <h3 id="api-token-list-title" className="text-sm font-medium">
          {t('apiTokens.yourTokens')}
        </h3>
        <ApiTokenList />
      </section>
    </div>
  )
}

function NewToken({ created, onDone }: { created: TCreatedApiToken; onDone: () => void }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('account')
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable')
      await navigator.clipboard.writeText(created.token)
    } catch {
      toast({ title: sharedText(API_TOKEN_MESSAGES.copyFailed), variant: 'destructive' })
      return
    }
    setCopied(true)
    toast({ title: sharedText(API_TOKEN_MESSAGES.copied) })
  }
  return (
    <Alert variant="success" role="status" aria-label={t('apiTokens.newToken.label')}>
      <KeyRoundIcon aria-hidden />
      <AlertTitle>{t('apiTokens.newToken.title', { name: created.name })}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{t('apiTokens.newToken.warning')}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            readOnly
            value={created.token}
            aria-label={t('apiTokens.newToken.inputLabel')}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
            {copied ? t('apiTokens.newToken.copied') : t('apiTokens.newToken.copy')}
          </Button>
        </div>
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={onDone}>
          {t('apiTokens.newToken.done')}
        </Button>
      </AlertDescription>
    </Alert>
  )
}

function CreateApiTokenForm({ onCreated }: { onCreated: (created: TCreatedApiToken) => void }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('account')
  const create = useCreateApiToken()
  const form = useForm<TCreateApiTokenBody>({
    resolver: zodResolver(ZCreateApiTokenBody),
    defaultValues: EMPTY,
  })

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (created) => {
        form.reset(EMPTY)
        onCreated(created)
      },
      onError: (error) => {
        if (isApiError(error) && error.field === 'name') {
          form.setError('name', { message: errorMessage(error) }, { shouldFocus: true })
          return
        }
        toast({
          title: sharedText(API_TOKEN_MESSAGES.createFailed),
          description: errorMessage(error),
          variant: 'destructive',
        })
      },
    }),
  )

  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-4"
        aria-label={t('apiTokens.create.formLabel')}
      >
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem className="max-w-md">
              <FormLabel>{t('apiTokens.create.name')}</FormLabel>
              <FormControl>
                <Input {...field} placeholder={t('apiTokens.create.namePlaceholder')} autoComplete="off" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid max-w-md gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="scope"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('apiTokens.create.access')}</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger>
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {API_TOKEN_SCOPES.map((scope) => (
                      <SelectItem key={scope} value={scope}>
                        {sharedText(API_TOKEN_SCOPE_LABELS[scope])}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormDescription>
                  {field.value === 'read' ? t('apiTokens.create.readHint') : t('apiTokens.create.writeHint')}
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="expiresInDays"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('apiTokens.create.expiresAfter')}</FormLabel>
                <Select
                  value={field.value === undefined ? NEVER : String(field.value)}
                  onValueChange={(value) => field.onChange(value === NEVER ? undefined : Number(value))}
                >
                  <FormControl>
                    <SelectTrigger>
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {EXPIRY_OPTIONS.map((option) => (
                      <SelectItem key={option} value={option}>
                        {t(`apiTokens.expiry.${option}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <Button type="submit" className="justify-self-start" disabled={create.isPending}>
          {create.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
          {t('apiTokens.create.submit')}
        </Button>
      </form>
    </Form>
  )
}

const isExpired = (token: TApiToken, now: number) =>
  token.expiresAt !== null && Date.parse(token.expiresAt) <= now

function ApiTokenList() {
  const sharedText = useSharedText()
  const { t } = useTranslation('account')
  const tokens = useQuery(apiTokensQuery())
  // When the page opened: a token that expires while it is open shows as expired on the next visit.
  const [now] = useState(Date.now)
  if (tokens.isPending) return <Skeleton className="h-14 w-full" aria-label={t('apiTokens.list.loading')} />
  if (tokens.isError) return <p className="text-sm text-destructive">{t('apiTokens.list.loadFailed')}</p>
  if (tokens.data.tokens.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('apiTokens.list.empty')}</p>
  }
  return (
    <ul className="grid gap-2" aria-label={t('apiTokens.list.label')}>
      {tokens.data.tokens.map((token) => {
        const expired = isExpired(token, now)
        return (
          <li key={token.id} className="flex items-center gap-3 rounded-lg border p-3">
            <div className="grid min-w-0 flex-1 gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="truncate font-medium">{token.name}</span>
                <Badge variant="secondary">{sharedText(API_TOKEN_SCOPE_LABELS[token.scope])}</Badge>
                {expired ? (
                  <Badge variant="outline" className="border-destructive/40 text-destructive">
                    {t('apiTokens.list.expiredBadge')}
                  </Badge>
                ) : null}
              </div>
              <p className="text-xs text-muted-foreground">
                {t('apiTokens.list.created', { date: formatDay(new Date(token.createdAt)) })} ·{' '}
                {token.expiresAt === null
                  ? t('apiTokens.list.neverExpires')
                  : t(expired ? 'apiTokens.list.expired' : 'apiTokens.list.expires', {
                      date: formatDay(new Date(token.expiresAt)),
                    })}{' '}
                ·{' '}
                {token.lastUsedAt === null
                  ? t('apiTokens.list.neverUsed')
                  : t('apiTokens.list.lastUsed', { time: formatRelativeTime(token.lastUsedAt) })}
              </p>
            </div>
            <RevokeButton token={token} />
          </li>
        )
      })}
    </ul>
  )
}

function RevokeButton({ token }: { token: TApiToken }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('account')
  const revoke = useRevokeApiToken()
  const confirm = () =>
    revoke.mutate(token.id, {
      onSuccess: () =>
        toast({
          title: sharedText(API_TOKEN_MESSAGES.revoked),
          description: t('apiTokens.revoke.revokedDescription', { name: token.name }),
        }),
      onError: (error) =>
        toast({
          title: sharedText(API_TOKEN_MESSAGES.revokeFailed),
          description: errorMessage(error),
          variant: 'destructive',
        }),
    })
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={t('apiTokens.revoke.buttonLabel', { name: token.name })}
          disabled={revoke.isPending}
        >
          {t('apiTokens.revoke.button')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('apiTokens.revoke.title', { name: token.name })}</AlertDialogTitle>
          <AlertDialogDescription>{t('apiTokens.revoke.description')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('apiTokens.revoke.cancel')}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={confirm}>
            {t('apiTokens.revoke.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
