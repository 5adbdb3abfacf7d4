import { useTranslation } from 'react-i18next'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { ZAddTrustSeedBody, type TAddTrustSeedBody } from '@vouched/shared/trust'
import { TRUST_MESSAGES } from '@vouched/shared/trust.constants'
import { Loader2Icon, RefreshCwIcon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { Input } from '../../../components/ui/input'
import { Skeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { trustSeedsQuery, useAddTrustSeed, useRecomputeTrust, useRemoveTrustSeed } from '../trust.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** Admins choose seed members for the trust rank (beside the automatic ones) and may recompute at once. */
export function TrustSeedsPanel() {
  const sharedText = useSharedText()
  const { t } = useTranslation('trust')
  const seeds = useQuery(trustSeedsQuery())
  const add = useAddTrustSeed()
  const remove = useRemoveTrustSeed()
  const recompute = useRecomputeTrust()
  const form = useForm<TAddTrustSeedBody>({
    resolver: zodResolver(ZAddTrustSeedBody),
    defaultValues: { username: '' },
  })

  const onSubmit = form.handleSubmit((body) =>
    add.mutateAsync(body).then(
      (seed) => {
        toast({
          title: sharedText(TRUST_MESSAGES.seedAdded),
          description: t('seeds.addedText', {
            username: seed.username,
            soon: sharedText(TRUST_MESSAGES.recomputeSoon),
          }),
        })
        form.reset({ username: '' })
      },
      (error: unknown) =>
        form.setError('username', { message: errorMessage(error, sharedText(TRUST_MESSAGES.seedFailed)) }),
    ),
  )

  const onRecompute = () =>
    recompute.mutateAsync().then(
      (result) =>
        toast({
          title: result.computed ? t('seeds.recomputed') : t('seeds.notRecomputed'),
          description: result.computed
            ? t('seeds.recomputedText', {
                members: result.members,
                endorsements: result.endorsements,
                seeds: result.seeds,
                milliseconds: result.milliseconds,
              })
            : result.message,
        }),
      (error: unknown) =>
        toast({ title: t('seeds.notRecomputed'), description: errorMessage(error), variant: 'destructive' }),
    )

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('seeds.title')}</CardTitle>
        <CardDescription>{t('seeds.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Form {...form}>
          <form
            onSubmit={onSubmit}
            noValidate
            className="flex flex-wrap items-start gap-2"
            aria-label={t('seeds.addForm')}
          >
            <FormField
              control={form.control}
              name="username"
              render={({ field }) => (
                <FormItem className="min-w-0 flex-1">
                  <FormLabel className="sr-only">{t('seeds.username')}</FormLabel>
                  <FormControl>
                    <Input placeholder={t('seeds.username')} autoComplete="off" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
              {t('seeds.add')}
            </Button>
            <Button type="button" variant="outline" onClick={onRecompute} disabled={recompute.isPending}>
              <RefreshCwIcon className={recompute.isPending ? 'animate-spin' : undefined} aria-hidden />
              {t('seeds.recompute')}
            </Button>
          </form>
        </Form>
        {seeds.isPending ? (
          <Skeleton className="h-10 w-full" aria-label={t('seeds.loading')} />
        ) : seeds.isError ? (
          <p className="text-sm text-muted-foreground">{errorMessage(seeds.error, t('seeds.loadFailed'))}</p>
        ) : seeds.data.seeds.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('seeds.empty')}</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label={t('seeds.list')}>
            {seeds.data.seeds.map((seed) => (
              <li key={seed.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <Link
                  to={`/profile/${encodeURIComponent(seed.username)}`}
                  className="min-w-0 truncate hover:underline"
                >
                  {seed.fullName || seed.username}{' '}
                  <span className="text-muted-foreground">@{seed.username}</span>
                </Link>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={remove.isPending}
                  aria-label={t('seeds.removeLabel', { username: seed.username })}
                  onClick={() =>
                    remove.mutateAsync(seed.id).then(
                      () =>
                        toast({
                          title: sharedText(TRUST_MESSAGES.seedRemoved),
                          description: sharedText(TRUST_MESSAGES.recomputeSoon),
                        }),
                      (error: unknown) =>
                        toast({
                          title: sharedText(TRUST_MESSAGES.seedFailed),
                          description: errorMessage(error),
                          variant: 'destructive',
                        }),
                    )
                  }
                >
                  {t('seeds.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
