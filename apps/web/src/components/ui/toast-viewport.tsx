import { XIcon } from 'lucide-react'
import { Toast as ToastPrimitive } from 'radix-ui'
import { useTranslation } from 'react-i18next'
import { cn } from '../../lib/cn'
import { dismissToast, TOAST_DURATION, type ToastItem } from './toast'

/** The live toasts in a Radix viewport (an aria-live region); `Toaster` in toast.tsx mounts it. */
export default function ToastViewport({ items }: { items: ToastItem[] }) {
  const { t } = useTranslation('common')
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
          {item.action ? (
            <ToastPrimitive.Action
              altText={item.action.label}
              onClick={item.action.onClick}
              className="ml-auto shrink-0 self-center rounded-md border px-3 py-1 text-sm font-medium hover:bg-muted"
            >
              {item.action.label}
            </ToastPrimitive.Action>
          ) : null}
          <ToastPrimitive.Close
            aria-label={t('toast.close')}
            className="absolute top-2 right-2 rounded-md p-1 opacity-60 transition-opacity hover:opacity-100 focus-visible:opacity-100 group-data-[variant=destructive]:text-destructive-foreground"
          >
            <XIcon className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label={t('toast.region')}
        // At the bottom at every width: on phones the top is the bar with the menu, search and bell.
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[400px]"
      />
    </ToastPrimitive.Provider>
  )
}
