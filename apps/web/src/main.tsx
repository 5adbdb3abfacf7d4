import { QueryClientProvider } from '@tanstack/react-query'
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { startAppI18n } from './app/i18n/start-i18n'
import { AppRoutes, preloadRoute } from './app/router'
import { Toaster } from './components/ui/toast'
import { cn } from './lib/cn'
import { startColorScheme } from './lib/color-scheme'
import { createQueryClient } from './lib/query-client'
import { currentUserQuery } from './lib/session'
import './index.css'

startColorScheme()
const queryClient = createQueryClient()
// Ask who is signed in first, then start the page's chunks and requests: none of them waits for the
// answer, and none queues ahead of it.
void queryClient.prefetchQuery(currentUserQuery)
preloadRoute(window.location.pathname, queryClient)

// tailwind-merge builds its lookup tables on first use, 10-25 ms in one piece that no render can split:
// built while the first screen waits for the page's chunks and data, they are ready for its render.
const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 0))
whenIdle(() => cn())

// Declarative mode (no data router): the app uses no loaders or actions, and it keeps react-router's
// data APIs out of the first load; the same AppRoutes run in tests inside a MemoryRouter.
// The first render is a transition, which React renders in slices of a few milliseconds instead of
// one long task (most of its time is React's own code running for the first time), so the page
// answers input while the app starts. What it draws, the loader, index.html shows already.
// English is at hand; another language's texts arrive as one chunk before the first render.
const root = createRoot(document.getElementById('root')!)
void startAppI18n().then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <Toaster />
        </QueryClientProvider>
      </StrictMode>,
    ),
  ),
)
