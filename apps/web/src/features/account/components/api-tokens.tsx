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

const NEVER = 'never'
const EXPIRY_LABELS: Record<string, string> = {
  30: '30 days',
  90: '90 days',
  365: '1 year',
  [NEVER]: 'Never',
}
const EXPIRY_OPTIONS = [...API_TOKEN_EXPIRY_CHOICES.map(String), NEVER]
const EMPTY: TCreateApiTokenBody = { name: '', scope: 'read', expiresInDays: 90 }

/** Settings → API tokens: create one (shown once), see them with their last use, revoke them. */
export function ApiTokens() {
  const [created, setCreated] = useState<TCreatedApiToken | null>(null)
  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">
        Send a token as <code className="rounded bg-muted px-1 py-0.5 text-xs">Authorization: Bearer …</code>{' '}
        to use the{' '}
        <a href="/api/docs" className="font-medium text-primary hover:underline">
          Vouched API
        </a>{' '}
        as yourself. Tokens never reach admin tools, your password, account deletion or other tokens.
      </p>
      {created ? <NewToken created={created} onDone={() => setCreated(null)} /> : null}
      <CreateApiTokenForm onCreated={setCreated} />
      <section aria-labelledby="api-token-list-title" className="grid gap-2">
        <h3 id="api-token-list-title" className="text-sm font-medium">
          Your tokens
        </h3>
        <ApiTokenList />
      </section>
    </div>
  )
}

function NewToken({ created, onDone }: { created: TCreatedApiToken; onDone: () => void }) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable')
      await navigator.clipboard.writeText(created.token)
    } catch {
      toast({ title: API_TOKEN_MESSAGES.copyFailed, variant: 'destructive' })
      return
    }
    setCopied(true)
    toast({ title: API_TOKEN_MESSAGES.copied })
  }
  return (
    <Alert variant="success" role="status" aria-label="New API token">
      <KeyRoundIcon aria-hidden />
      <AlertTitle>Copy your new token “{created.name}” now</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>It will not be shown again. Anyone who has it can act as you within its scope.</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            readOnly
            value={created.token}
            aria-label="Your new API token"
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={onDone}>
          I have copied it
        </Button>
      </AlertDescription>
    </Alert>
  )
}

function CreateApiTokenForm({ onCreated }: { onCreated: (created: TCreatedApiToken) => void }) {
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
          title: API_TOKEN_MESSAGES.createFailed,
          description: errorMessage(error),
          variant: 'destructive',
        })
      },
    }),
  )

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Create an API token">
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem className="max-w-md">
              <FormLabel>Token name</FormLabel>
              <FormControl>
                <Input {...field} placeholder="e.g. Weekly backup script" autoComplete="off" />
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
                <FormLabel>Access</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger>
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {API_TOKEN_SCOPES.map((scope) => (
                      <SelectItem key={scope} value={scope}>
                        {API_TOKEN_SCOPE_LABELS[scope]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormDescription>
                  {field.value === 'read' ? 'Reads only.' : 'Also endorses, comments and messages.'}
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
                <FormLabel>Expires after</FormLabel>
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
                        {EXPIRY_LABELS[option]}
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
          Create token
        </Button>
      </form>
    </Form>
  )
}

const isExpired = (token: TApiToken, now: number) =>
  token.expiresAt !== null && Date.parse(token.expiresAt) <= now

function ApiTokenList() {
  const tokens = useQuery(apiTokensQuery())
  // When the page opened: a token that expires while it is open shows as expired on the next visit.
  const [now] = useState(Date.now)
  if (tokens.isPending) return <Skeleton className="h-14 w-full" aria-label="Loading API tokens" />
  if (tokens.isError) return <p className="text-sm text-destructive">Failed to load your API tokens</p>
  if (tokens.data.tokens.length === 0) {
    return <p className="text-sm text-muted-foreground">You have no API tokens.</p>
  }
  return (
    <ul className="grid gap-2" aria-label="API tokens">
      {tokens.data.tokens.map((token) => {
        const expired = isExpired(token, now)
        return (
          <li key={token.id} className="flex items-center gap-3 rounded-lg border p-3">
            <div className="grid min-w-0 flex-1 gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="truncate font-medium">{token.name}</span>
                <Badge variant="secondary">{API_TOKEN_SCOPE_LABELS[token.scope]}</Badge>
                {expired ? (
                  <Badge variant="outline" className="border-destructive/40 text-destructive">
                    Expired
                  </Badge>
                ) : null}
              </div>
              <p className="text-xs text-muted-foreground">
                Created {formatDay(new Date(token.createdAt))} ·{' '}
                {token.expiresAt === null
                  ? 'Never expires'
                  : `${expired ? 'Expired' : 'Expires'} ${formatDay(new Date(token.expiresAt))}`}{' '}
                ·{' '}
                {token.lastUsedAt === null
                  ? 'Never used'
                  : `Last used ${formatRelativeTime(token.lastUsedAt)}`}
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
  const revoke = useRevokeApiToken()
  const confirm = () =>
    revoke.mutate(token.id, {
      onSuccess: () =>
        toast({ title: API_TOKEN_MESSAGES.revoked, description: `“${token.name}” no longer works.` }),
      onError: (error) =>
        toast({
          title: API_TOKEN_MESSAGES.revokeFailed,
          description: errorMessage(error),
          variant: 'destructive',
        }),
    })
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Revoke ${token.name}`} disabled={revoke.isPending}>
          Revoke
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Revoke “{token.name}”?</AlertDialogTitle>
          <AlertDialogDescription>
            Scripts that use it stop working at once. This cannot be undone: you would create a new token.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={confirm}>
            Revoke
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
