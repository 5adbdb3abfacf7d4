import type { TSelfUser } from '@vouched/shared/users'
import {
  CompassIcon,
  HomeIcon,
  KeyboardIcon,
  LogOutIcon,
  MenuIcon,
  PlusIcon,
  SettingsIcon,
  ShieldIcon,
  UserIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react'
import { useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink } from 'react-router'
import { cn } from '../../lib/cn'
import { openNewEndorsement, requestNewEndorsement } from '../../lib/shortcuts'
import { useCurrentUser } from '../../lib/session'
import { Button } from '../ui/button'
import { keepEscapeForOpenCombobox } from '../ui/combobox'
import { UserAvatar } from '../ui/avatar'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu'
import { Separator } from '../ui/separator'
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../ui/sheet'
import { KeyboardShortcutsDialog, useKeyboardShortcuts } from './keyboard-shortcuts'
import { Logo } from './logo'
import { SearchBox } from './search-box'
import { HomeLogoLink, TopBarFrame } from './top-bar-frame'
import { useSignOut } from './use-sign-out'

/** Where a slot is being drawn: the bar itself (compact icon) or the mobile side menu (full-width row). */
export type SlotPlacement = 'bar' | 'menu'
export type TopBarSlot = ReactNode | ((placement: SlotPlacement) => ReactNode)

/**
 * Feature-owned pieces of the top bar, supplied by app-shell.tsx. An absent slot renders nothing.
 * A function slot is called with its placement so it can render an icon button in the bar and a row in the menu.
 */
export type TopBarSlots = {
  /** Notifications bell with its dropdown. */
  notifications?: TopBarSlot
  /** Connection requests dropdown. */
  connectionRequests?: TopBarSlot
  /** Link to /messages with an unread badge. */
  messages?: TopBarSlot
  /** The search box; without it, a plain box that searches on Enter. */
  search?: (placement: SlotPlacement, onDone: () => void) => ReactNode
  /** The Create Endorsement button; without it, a link to /discover. */
  createEndorsement?: (placement: SlotPlacement) => ReactNode
  /** Items of the user menu above Sign out: the colour scheme switch. */
  userMenu?: ReactNode
}

const renderSlot = (slot: TopBarSlot | undefined, placement: SlotPlacement) =>
  typeof slot === 'function' ? slot(placement) : (slot ?? null)

type NavItem = { to: string; label: 'home' | 'discover' | 'network'; icon: LucideIcon; end?: boolean }
/** The main pages; `label` names the text under topBar.nav. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'home', icon: HomeIcon, end: true },
  { to: '/discover', label: 'discover', icon: CompassIcon },
  { to: '/connections', label: 'network', icon: UsersIcon },
]

/** The signed-in top bar (SPEC.md §2). Renders nothing while signed out or loading. */
export function TopBar({ slots = {} }: { slots?: TopBarSlots }) {
  const { user } = useCurrentUser()
  if (!user) return null
  return <SignedInBar user={user} slots={slots} />
}

/** Whether no ancestor hides it (the bar's search box is hidden below lg, where the side menu has one). */
function isShown(element: HTMLElement) {
  for (let node: HTMLElement | null = element; node; node = node.parentElement)
    if (getComputedStyle(node).display === 'none') return false
  return true
}

function SignedInBar({ user, slots }: { user: TSelfUser; slots: TopBarSlots }) {
  const { t } = useTranslation('common')
  const [menuOpen, setMenuOpen] = useState(false)
  const [shortcutsOpen, setShortcutsOpen] = useState(false)
  // Set by "/" on narrow screens, where the search box lives in the side menu.
  const searchOnOpenRef = useRef(false)
  useKeyboardShortcuts({
    search: () => {
      const inBar = [...document.querySelectorAll<HTMLInputElement>('[data-top-bar-search]')].find(isShown)
      if (inBar) return inBar.focus()
      searchOnOpenRef.current = true
      setMenuOpen(true)
    },
    // A page that knows whom to endorse (a profile) takes it; elsewhere the person picker opens, as
    // the Create Endorsement button does.
    newEndorsement: () => {
      if (!requestNewEndorsement()) openNewEndorsement()
    },
    help: () => setShortcutsOpen(true),
  })
  return (
    <TopBarFrame>
      <MobileMenu
        user={user}
        slots={slots}
        open={menuOpen}
        onOpenChange={setMenuOpen}
        searchOnOpenRef={searchOnOpenRef}
      />
      <HomeLogoLink />

      <nav aria-label={t('topBar.mainNav')} className="hidden items-center gap-1 lg:flex">
        {NAV_ITEMS.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.end}
            className={({ isActive }) =>
              cn(
                'inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors',
                isActive
                  ? 'bg-accent text-accent-foreground'
                  : 'text-muted-foreground hover:bg-muted hover:text-foreground',
              )
            }
          >
            <item.icon className="size-4" aria-hidden />
            {t(`topBar.nav.${item.label}`)}
          </NavLink>
        ))}
      </nav>

      <div className="ml-auto hidden w-full max-w-[17rem] lg:block xl:max-w-xs">
        {slots.search ? slots.search('bar', () => {}) : <SearchBox />}
      </div>

      <div className="ml-auto flex items-center gap-1 lg:ml-0">
        <div className="hidden lg:contents">
          {slots.createEndorsement ? slots.createEndorsement('bar') : <CreateEndorsementLink />}
        </div>
        <div className="hidden items-center gap-1 lg:flex">{renderSlot(slots.messages, 'bar')}</div>
        <div className="flex items-center gap-1">
          <div className="hidden lg:contents">{renderSlot(slots.connectionRequests, 'bar')}</div>
          {renderSlot(slots.notifications, 'bar')}
        </div>
        <UserMenu user={user} extra={slots.userMenu} onShowShortcuts={() => setShortcutsOpen(true)} />
      </div>
      <KeyboardShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
    </TopBarFrame>
  )
}

/** Create Endorsement where no picker is supplied: Discover lists members to endorse. */
function CreateEndorsementLink() {
  const { t } = useTranslation('common')
  return (
    <Button asChild size="sm">
      <Link to="/discover">
        <PlusIcon aria-hidden />
        {t('topBar.createEndorsement')}
      </Link>
    </Button>
  )
}

function UserMenu({
  user,
  extra,
  onShowShortcuts,
}: {
  user: TSelfUser
  extra: ReactNode
  onShowShortcuts: () => void
}) {
  const { t } = useTranslation('common')
  const { signOut, isPending } = useSignOut()
  const name = user.fullName || user.username
  return (
    // Not modal: a modal menu hides the page from assistive technology (aria-hidden) while its links
    // stay focusable (axe aria-hidden-focus). The menu still closes on Escape, Tab or a click outside,
    // and focus goes back to the avatar.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={t('topBar.openUserMenu')}
          className="ml-1 rounded-full ring-offset-2 ring-offset-card outline-none"
        >
          <UserAvatar
            src={user.profilePicture}
            fullName={user.fullName}
            username={user.username}
            drawnInitials
          />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="font-normal">
          <div className="flex flex-col gap-0.5">
            <span className="truncate text-sm font-semibold">{name}</span>
            <span className="truncate text-xs text-muted-foreground">@{user.username}</span>
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={`/profile/${encodeURIComponent(user.username)}`}>
            <UserIcon aria-hidden />
            {t('topBar.yourProfile')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <SettingsIcon aria-hidden />
            {t('topBar.settings')}
          </Link>
        </DropdownMenuItem>
        {user.isAdmin ? (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <ShieldIcon aria-hidden />
              {t('topBar.adminDashboard')}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={onShowShortcuts}>
          <KeyboardIcon aria-hidden />
          {t('topBar.keyboardShortcuts')}
          <kbd className="ml-auto font-mono text-xs text-muted-foreground">?</kbd>
        </DropdownMenuItem>
        {extra ? (
          <>
            <DropdownMenuSeparator />
            {extra}
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          disabled={isPending}
          onSelect={(event) => {
            event.preventDefault()
            signOut()
          }}
        >
          <LogOutIcon aria-hidden />
          {isPending ? t('topBar.signingOut') : t('topBar.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

function MobileMenu({
  user,
  slots,
  open,
  onOpenChange: setOpen,
  searchOnOpenRef,
}: {
  user: TSelfUser
  slots: TopBarSlots
  open: boolean
  onOpenChange: (open: boolean) => void
  searchOnOpenRef: { current: boolean }
}) {
  const { t } = useTranslation('common')
  const { signOut, isPending } = useSignOut()
  const close = () => setOpen(false)
  // Set when the menu closes to make way for a dialog (Create Endorsement): focus then stays with that
  // dialog instead of returning to the menu button, which would swallow the first keys typed into it.
  const handedOffRef = useRef(false)
  const name = user.fullName || user.username
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors',
      isActive ? 'bg-accent text-accent-foreground' : 'text-foreground hover:bg-muted',
    )

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="-ml-2 lg:hidden" aria-label={t('topBar.openMenu')}>
          <MenuIcon className="size-5" aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent
        side="left"
        onEscapeKeyDown={keepEscapeForOpenCombobox}
        onOpenAutoFocus={(event) => {
          // Focus the panel, not the search box: on phones a focused input pops the keyboard over the menu.
          // Only the "/" shortcut (someone at a keyboard) asks for the search box.
          event.preventDefault()
          const panel = event.currentTarget as HTMLElement | null
          const search = searchOnOpenRef.current
            ? panel?.querySelector<HTMLInputElement>('[data-top-bar-search]')
            : null
          searchOnOpenRef.current = false
          ;(search ?? panel)?.focus()
        }}
        onCloseAutoFocus={(event) => {
          if (!handedOffRef.current) return
          handedOffRef.current = false
          event.preventDefault()
        }}
      >
        <SheetTitle className="sr-only">{t('topBar.menu')}</SheetTitle>
        <SheetDescription className="sr-only">{t('topBar.menuDescription')}</SheetDescription>
        <Link to="/" onClick={close} className="w-fit" aria-label={t('topBar.home')}>
          <Logo />
        </Link>

        <Link
          to={`/profile/${encodeURIComponent(user.username)}`}
          onClick={close}
          className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3 transition-colors hover:bg-muted"
        >
          <UserAvatar
            src={user.profilePicture}
            fullName={user.fullName}
            username={user.username}
            className="size-11"
          />
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-semibold">{name}</span>
            <span className="truncate text-sm text-muted-foreground">@{user.username}</span>
          </span>
        </Link>

        {slots.search ? slots.search('menu', close) : <SearchBox onSearch={close} />}

        <nav aria-label={t('topBar.mobileNav')} className="flex flex-col gap-1">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} onClick={close} className={linkClass}>
              <item.icon className="size-4" aria-hidden />
              {t(`topBar.nav.${item.label}`)}
            </NavLink>
          ))}
          {renderSlot(slots.messages, 'menu')}
          {renderSlot(slots.connectionRequests, 'menu')}
          {renderSlot(slots.notifications, 'menu')}
          {user.isAdmin ? (
            <NavLink to="/admin" onClick={close} className={linkClass}>
              <ShieldIcon className="size-4" aria-hidden />
              {t('topBar.adminDashboard')}
            </NavLink>
          ) : null}
        </nav>

        {/* Whatever the button opens, the menu makes way for it. */}
        <div
          className="grid"
          onClick={() => {
            handedOffRef.current = true
            close()
          }}
        >
          {slots.createEndorsement ? slots.createEndorsement('menu') : <CreateEndorsementLink />}
        </div>

        <Separator className="mt-auto" />
        <Button
          variant="ghost"
          className="justify-start text-destructive hover:bg-destructive/10 hover:text-destructive"
          disabled={isPending}
          onClick={() => signOut()}
        >
          <LogOutIcon aria-hidden />
          {isPending ? t('topBar.signingOut') : t('topBar.signOut')}
        </Button>
      </SheetContent>
    </Sheet>
  )
}
