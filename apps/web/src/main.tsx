import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { AppRoutes, preloadRoute } from './app/router'
import { Toaster } from './components/ui/toast'
import { createQueryClient } from './lib/query-client'
import { currentUserQuery } from './lib/session'
import './index.css'

const queryClient = createQueryClient()
// Ask who is signed in first, then start the page's chunks and requests: none of them waits for the
// answer, and none queues ahead of it.
void queryClient.prefetchQuery(currentUserQuery)
preloadRoute(window.location.pathname, queryClient)

// Declarative mode (no data router): the app uses no loaders or actions, and it keeps react-router's
// data APIs out of the first load; the same AppRoutes run in tests inside a MemoryRouter.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
)
