import { XIcon } from 'lucide-react'
import { Toast as ToastPrimitive } from 'radix-ui'
import { useSyncExternalStore } from 'react'
import { cn } from '../../lib/cn'

/** SPEC.md §9: one toast visible at a time, 5 seconds by default. */
export const TOAST_LIMIT = 1
export const TOAST_DURATION = 5000
const REMOVE_DELAY = 200

export type ToastVariant = 'default' | 'destructive'
export type ToastOptions = {
  title: string
  description?: string
  variant?: ToastVariant
  /** Milliseconds; defaults to 5 s. */
  duration?: number
}
type ToastItem = ToastOptions & { id: number; open: boolean }

let toasts: ToastItem[] = []
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())

function setToasts(next: ToastItem[]) {
  toasts = next
  emit()
}

/**
 * Shows a toast from anywhere (components, mutation callbacks). A new toast replaces the visible one.
 * Returns its id for `dismissToast`.
 */
export function toast(options: ToastOptions): number {
  const id = nextId++
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT))
  return id
}

export function dismissToast(id?: number) {
  setToasts(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)))
  setTimeout(() => setToasts(toasts.filter((item) => item.open)), REMOVE_DELAY)
}

/** Test helper: forget every toast so one test's toast never shows in the next. */
export function clearToasts() {
  setToasts([])
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
const snapshot = () => toasts

export function useToasts() {
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

/** Mount once near the root; renders the live toasts in a Radix viewport (an aria-live region). */
export function Toaster() {
  const items = useToasts()
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right">
      {items.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.duration ?? TOAST_DURATION}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id)
          }}
          data-variant={item.variant ?? 'default'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-9 shadow-lg transition-all',
            'data-[state=open]:animate-slide-in-right data-[state=closed]:animate-out data-[swipe=end]:animate-out data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)',
            item.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-card text-card-foreground',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {item.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded-md p-1 opacity-60 transition-opacity hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring/50 group-data-[variant=destructive]:text-destructive-foreground"
          >
            <XIcon className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label="Alerts ({hotkey})"
        className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0 sm:max-w-[400px]"
      />
    </ToastPrimitive.Provider>
  )
}
