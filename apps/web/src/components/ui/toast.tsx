import { lazy, Suspense, useState, useSyncExternalStore } from 'react'

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
  /** One button in the toast (e.g. Undo); clicking it closes the toast. */
  action?: { label: string; onClick: () => void }
}
export type ToastItem = ToastOptions & { id: number; open: boolean }

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

/*
 * The Radix view is a chunk of its own, fetched with the first toast: the first screen of a page never
 * shows one, so it stays out of the initial JavaScript.
 */
const ToastViewport = lazy(() => import('./toast-viewport'))

/** Mount once near the root; renders the live toasts in a Radix viewport (an aria-live region). */
export function Toaster() {
  const items = useToasts()
  // Once shown, the viewport stays mounted (as it would without the lazy chunk).
  const [needed, setNeeded] = useState(false)
  if (items.length > 0 && !needed) setNeeded(true)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <ToastViewport items={items} />
    </Suspense>
  )
}
