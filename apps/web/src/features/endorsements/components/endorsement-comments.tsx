import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { ZCreateCommentBody, type TComment, type TCreateCommentBody } from '@vouched/shared/endorsements'
import { COMMENT_MAX, ENDORSEMENT_MESSAGES } from '@vouched/shared/endorsements.constants'
import { Loader2Icon, Trash2Icon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { UserAvatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { Skeleton } from '../../../components/ui/skeleton'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useCurrentUser } from '../../../lib/session'
import { formatRelativeTime } from '../../../lib/time'
import { commentsQuery, useAddComment, useDeleteComment } from '../endorsements.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

/**
 * The expanded comment thread of an endorsement: list, add, and delete for the comment's author.
 * `renderActions` lets the page add its own buttons to each comment (report) without this feature
 * knowing about them.
 */
export function EndorsementComments({
  vouchId,
  renderActions,
}: {
  vouchId: number
  renderActions?: (comment: TComment) => ReactNode
}) {
  const { user } = useCurrentUser()
  const { t } = useTranslation('endorsements')
  const comments = useQuery({ ...commentsQuery(vouchId), enabled: Boolean(user) })

  return (
    <div className="grid gap-3 border-t pt-3">
      {comments.isPending && user ? (
        <div className="grid gap-2" aria-label={t('comments.loading')}>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-2/3" />
        </div>
      ) : comments.isError ? (
        <p className="text-sm text-destructive">{t('comments.loadFailed')}</p>
      ) : comments.data && comments.data.length > 0 ? (
        <ul className="grid gap-3" aria-label={t('comments.list')}>
          {comments.data.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              vouchId={vouchId}
              isAuthor={comment.userId === user?.id}
              actions={renderActions?.(comment)}
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('comments.empty')}</p>
      )}
      <CommentForm vouchId={vouchId} />
    </div>
  )
}

function CommentItem({
  comment,
  vouchId,
  isAuthor,
  actions,
}: {
  comment: TComment
  vouchId: number
  isAuthor: boolean
  actions?: ReactNode
}) {
  const name = comment.fullName || comment.username
  return (
    <li className="flex gap-2.5">
      <UserAvatar
        src={comment.profilePicture}
        fullName={comment.fullName}
        username={comment.username}
        className="size-7 text-xs"
      />
      <div className="min-w-0 flex-1 rounded-lg bg-muted/60 px-3 py-2">
        <div className="flex items-center gap-2">
          <Link to={`/profile/${comment.username}`} className="truncate text-sm font-medium hover:underline">
            {name}
          </Link>
          <span className="shrink-0 text-xs text-muted-foreground">
            {formatRelativeTime(comment.createdAt)}
          </span>
          {actions || isAuthor ? (
            <div className="ml-auto flex shrink-0 items-center gap-0.5">
              {actions}
              {isAuthor ? <DeleteCommentButton commentId={comment.id} vouchId={vouchId} /> : null}
            </div>
          ) : null}
        </div>
        <p className="text-sm break-words whitespace-pre-line">{comment.comment}</p>
      </div>
    </li>
  )
}

function DeleteCommentButton({ commentId, vouchId }: { commentId: number; vouchId: number }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('endorsements')
  const remove = useDeleteComment(vouchId)
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-6 text-muted-foreground hover:text-destructive"
      aria-label={t('comments.delete')}
      disabled={remove.isPending}
      onClick={() =>
        remove.mutate(commentId, {
          onError: (error) =>
            toast({
              title: sharedText(ENDORSEMENT_MESSAGES.commentDeleteFailed),
              description: errorMessage(error),
              variant: 'destructive',
            }),
        })
      }
    >
      <Trash2Icon className="size-3.5" aria-hidden />
    </Button>
  )
}

function CommentForm({ vouchId }: { vouchId: number }) {
  const sharedText = useSharedText()
  const { user } = useCurrentUser()
  const { t } = useTranslation('endorsements')
  const add = useAddComment(vouchId)
  const form = useForm<TCreateCommentBody, unknown, { comment: string }>({
    resolver: zodResolver(ZCreateCommentBody),
    defaultValues: { comment: '' },
  })

  const onSubmit = form.handleSubmit(({ comment }) => {
    if (!user) {
      toast({
        title: sharedText(ENDORSEMENT_MESSAGES.authRequired),
        description: sharedText(ENDORSEMENT_MESSAGES.loginToComment),
        variant: 'destructive',
      })
      return
    }
    add.mutate(comment, {
      onSuccess: () => form.reset({ comment: '' }),
      onError: (error) =>
        toast({
          title: sharedText(ENDORSEMENT_MESSAGES.commentFailed),
          description: errorMessage(error),
          variant: 'destructive',
        }),
    })
  })

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="flex items-start gap-2">
        <FormField
          control={form.control}
          name="comment"
          render={({ field }) => (
            <FormItem className="flex-1 gap-1">
              <FormLabel className="sr-only">{t('comments.label')}</FormLabel>
              <FormControl>
                <Textarea
                  {...field}
                  rows={1}
                  maxLength={COMMENT_MAX}
                  placeholder={t('comments.placeholder')}
                  className="min-h-9 resize-none py-1.5"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" size="sm" className="h-9" disabled={add.isPending}>
          {add.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
          {t('comments.post')}
        </Button>
      </form>
    </Form>
  )
}
