import { ThumbsUpIcon, UserRoundPenIcon, UsersIcon, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Card } from '../../../components/ui/card'

type Step = { title: string; text: string; to: string; action: string; icon: LucideIcon }

/** The home page's Getting Started panel (SPEC.md §2): three cards, each leading somewhere useful. */
export function GettingStarted({ username }: { username: string }) {
  const steps: Step[] = [
    {
      title: 'Complete Your Profile',
      text: 'Add a picture, a title and a short bio so people know who they are vouching for.',
      to: `/profile/${encodeURIComponent(username)}`,
      action: 'Go to your profile',
      icon: UserRoundPenIcon,
    },
    {
      title: 'Connect with Others',
      text: 'Grow your network with the people you have worked with.',
      to: '/connections',
      action: 'Open your network',
      icon: UsersIcon,
    },
    {
      title: 'Start Vouching',
      text: 'Endorse the skills you have seen in action. Notes and proof add weight.',
      to: '/discover',
      action: 'Find people to endorse',
      icon: ThumbsUpIcon,
    },
  ]
  return (
    <section aria-labelledby="getting-started-heading" className="grid gap-4">
      <h2 id="getting-started-heading" className="text-lg font-semibold">
        Getting Started
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {steps.map(({ title, text, to, action, icon: Icon }) => (
          <li key={title} className="grid">
            <Card className="flex flex-col gap-2 p-5">
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
              <Link to={to} className="mt-auto pt-1 text-sm font-medium text-primary hover:underline">
                {action}
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  )
}
