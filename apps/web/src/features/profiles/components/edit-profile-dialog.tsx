import { zodResolver } from '@hookform/resolvers/zod'
import { PROFILE_MESSAGES, ZUpdateProfileBody, type TUpdateProfileBody } from '@vouched/shared/profiles'
import { BIO_MAX, FULL_NAME_MAX, LOCATION_MAX, TITLE_MAX } from '@vouched/shared/users'
import { Loader2Icon, PencilIcon } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
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
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { Input } from '../../../components/ui/input'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../components/ui/toast'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { useUpdateProfile } from '../profiles.api'

type Editable = {
  id: number
  fullName: string | null
  title: string | null
  bio: string | null
  location: string | null
}
const FIELDS = ['fullName', 'title', 'bio', 'location'] as const

/** Edit profile (own profile only): full name, title, bio, location with the limits of SPEC.md §5. */
export function EditProfileDialog({ user }: { user: Editable }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <PencilIcon aria-hidden />
          Edit Profile
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit profile</DialogTitle>
          <DialogDescription>What other members see on your profile.</DialogDescription>
        </DialogHeader>
        {open ? <EditProfileForm user={user} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function EditProfileForm({ user, onDone }: { user: Editable; onDone: () => void }) {
  const update = useUpdateProfile(user.id)
  const form = useForm<TUpdateProfileBody>({
    resolver: zodResolver(ZUpdateProfileBody),
    defaultValues: {
      fullName: user.fullName ?? '',
      title: user.title ?? '',
      bio: user.bio ?? '',
      location: user.location ?? '',
    },
  })

  const onSubmit = form.handleSubmit((body) => {
    update.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Profile updated', description: 'Your changes are saved.' })
        onDone()
      },
      onError: (error) => {
        const field = isApiError(error) ? error.field : undefined
        if (field && (FIELDS as readonly string[]).includes(field)) {
          form.setError(field as (typeof FIELDS)[number], { message: errorMessage(error) })
        }
        toast({
          title: PROFILE_MESSAGES.updateFailed,
          description: errorMessage(error, PROFILE_MESSAGES.updateProfileFailed),
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
          name="fullName"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Full name</FormLabel>
              <FormControl>
                <Input {...field} value={field.value ?? ''} maxLength={FULL_NAME_MAX} autoComplete="name" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="title"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Title</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  value={field.value ?? ''}
                  maxLength={TITLE_MAX}
                  placeholder="e.g. Senior Engineer"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="location"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Location</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  value={field.value ?? ''}
                  maxLength={LOCATION_MAX}
                  placeholder="e.g. Lyon, France"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="bio"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Bio</FormLabel>
              <FormControl>
                <Textarea {...field} value={field.value ?? ''} rows={4} maxLength={BIO_MAX} />
              </FormControl>
              <p className="text-right text-xs text-muted-foreground">
                {(field.value ?? '').length}/{BIO_MAX}
              </p>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
            {update.isPending ? 'Saving...' : 'Save changes'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  )
}
