import { useId, useState, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react'
import { cn } from '../../lib/cn'

/**
 * The WAI-ARIA combobox pattern (an input that controls a listbox popup, the focus staying in the
 * input and the highlighted option named by aria-activedescendant). Radix has no combobox, and the
 * command-menu libraries filter on the client, while suggestions here come from the server.
 *
 * Keys: ArrowDown/ArrowUp open the popup and move through the options (wrapping), Enter picks the
 * highlighted option (or, with none highlighted, lets the form submit), Escape closes the popup,
 * and a second Escape clears the text.
 */
export function useCombobox<T>({
  items,
  onPick,
  onClear,
}: {
  /** The options in the order they are drawn. */
  items: T[]
  onPick: (item: T) => void
  /** Escape with the popup closed: clear the text. */
  onClear?: () => void
}) {
  const listboxId = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  // A new list of options starts with none highlighted, so Enter still submits what was typed.
  const [seen, setSeen] = useState(items)
  if (seen !== items) {
    setSeen(items)
    setActive(-1)
  }

  const expanded = open && items.length > 0
  const optionId = (index: number) => `${listboxId}-option-${index}`
  const pick = (item: T) => {
    setOpen(false)
    setActive(-1)
    onPick(item)
  }
  const move = (step: 1 | -1) => {
    if (items.length === 0) return
    setOpen(true)
    setActive((current) => {
      if (!expanded || current < 0) return step === 1 ? 0 : items.length - 1
      return (current + step + items.length) % items.length
    })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        move(1)
        break
      case 'ArrowUp':
        event.preventDefault()
        move(-1)
        break
      case 'Enter':
        if (expanded && active >= 0 && items[active] !== undefined) {
          event.preventDefault()
          pick(items[active])
        }
        break
      case 'Escape':
        if (expanded) {
          // A dialog around the box stays open (see keepEscapeForOpenCombobox).
          event.preventDefault()
          setOpen(false)
          setActive(-1)
        } else if (onClear && event.currentTarget.value && !event.defaultPrevented) {
          event.preventDefault()
          onClear()
        }
        break
    }
  }

  return {
    expanded,
    /** Show the popup again (typing, focusing a box that has suggestions). */
    show: () => setOpen(true),
    inputProps: {
      role: 'combobox',
      'aria-expanded': expanded,
      'aria-controls': listboxId,
      'aria-autocomplete': 'list' as const,
      'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
      autoComplete: 'off',
      onKeyDown,
      onFocus: () => setOpen(true),
      // Options keep the focus in the input (their mousedown is prevented), so a blur leaves the box.
      onBlur: () => setOpen(false),
    },
    listboxProps: { id: listboxId, role: 'listbox' },
    optionProps: (index: number) => ({
      id: optionId(index),
      role: 'option',
      'aria-selected': index === active,
      'data-active': index === active ? '' : undefined,
      onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
      onMouseMove: () => setActive(index),
      onClick: () => {
        const item = items[index]
        if (item !== undefined) pick(item)
      },
    }),
  }
}

/**
 * For a dialog's `onEscapeKeyDown`: Radix hears Escape on the document before the input does, so a
 * dialog holding a combobox lets Escape close the combobox's open list first, and itself only after.
 */
export function keepEscapeForOpenCombobox(event: globalThis.KeyboardEvent) {
  const target = event.target
  if (
    target instanceof HTMLElement &&
    target.getAttribute('role') === 'combobox' &&
    target.getAttribute('aria-expanded') === 'true'
  ) {
    event.preventDefault()
  }
}

/** The popup under a combobox's input. */
export function ComboboxPopup({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'absolute inset-x-0 top-full z-50 mt-1 max-h-[min(24rem,70dvh)] overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg',
        className,
      )}
      {...props}
    />
  )
}

/** A titled group of options (People, Hashtags). */
export function ComboboxGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId()
  return (
    <div role="group" aria-labelledby={id} className="py-1">
      <div id={id} className="px-2 pb-1 text-xs font-medium text-muted-foreground">
        {label}
      </div>
      {children}
    </div>
  )
}

export const comboboxOptionClass =
  'flex min-w-0 cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm data-[active]:bg-accent data-[active]:text-accent-foreground'
