import './setup'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { render, type RenderOptions } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { TSelfUser } from '@vouched/shared/users'
import type { ReactElement, ReactNode } from 'react'
import { MemoryRouter, useLocation } from 'react-router'
import { vi } from 'vitest'
import { AppRoutes } from '../app/router'
import { Toaster } from '../components/ui/toast'
import { createQueryClient } from '../lib/query-client'
import { sessionKeys } from '../lib/session'

export type RenderWithProvidersOptions = Omit<RenderOptions, 'wrapper'> & {
  /** The URL the MemoryRouter starts at. */
  route?: string
  /** Seeds the session: a user (signed in), null (signed out). Leave undefined to let GET /api/user run. */
  user?: TSelfUser | null
  queryClient?: QueryClient
}

/** The current location, rendered so tests can assert navigation: `screen.getByTestId('location')`. */
function LocationDisplay() {
  const location = useLocation()
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search}
    </output>
  )
}

function Providers({
  children,
  queryClient,
  route,
}: {
  children: ReactNode
  queryClient: QueryClient
  route: string
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        {children}
        <LocationDisplay />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>
  )
}

/**
 * Renders `ui` inside a fresh QueryClient (the app's defaults), a MemoryRouter at `route`, and the Toaster.
 * Returns Testing Library's result plus a userEvent instance (`user`) and the `queryClient`.
 */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const { route = '/', user, queryClient = createQueryClient(), ...rest } = options
  if (user !== undefined) queryClient.setQueryData(sessionKeys.user, user)
  const result = render(ui, {
    wrapper: ({ children }) => (
      <Providers queryClient={queryClient} route={route}>
        {children}
      </Providers>
    ),
    ...rest,
  })
  return { ...result, user: userEvent.setup(), queryClient }
}

/** Renders the real route table (guards, lazy pages, shell) at `route`. */
export function renderApp(route: string, options: Omit<RenderWithProvidersOptions, 'route'> = {}) {
  return renderWithProviders(<AppRoutes />, { ...options, route })
}

/** A signed-in member's own record; override what the test cares about. */
export function makeUser(overrides: Partial<TSelfUser> = {}): TSelfUser {
  return {
    id: 1,
    username: 'alice',
    fullName: 'Alice Martin',
    title: 'Staff Engineer',
    bio: null,
    location: 'Lyon',
    profilePicture: null,
    isEmailVerified: false,
    isVerified: false,
    isAdmin: false,
    reputationScore: 0,
    vouchCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    email: 'alice@example.com',
    workEmail: null,
    ...overrides,
  }
}

export type MockResponse = { status?: number; body?: unknown; text?: string }
type Handler = MockResponse | ((request: { url: string; method: string; body: unknown }) => MockResponse)

/**
 * Stubs global fetch. Keys are "METHOD /path" (query string ignored, e.g. 'POST /api/login'); an unmatched
 * call answers 404 and is recorded. Returns the vi.fn so tests can inspect calls.
 *
 *   const fetchMock = mockApi({ 'POST /api/login': { status: 401, body: { message: '...', code: 'X' } } })
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = (init?.method ?? 'GET').toUpperCase()
    const path = new URL(url, 'http://localhost').pathname
    const rawBody = init?.body
    const body = typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : rawBody
    const handler = handlers[`${method} ${path}`]
    const answer: MockResponse = handler
      ? typeof handler === 'function'
        ? handler({ url, method, body })
        : handler
      : { status: 404, body: { message: `No mock for ${method} ${path}`, code: 'NOT_FOUND' } }
    const status = answer.status ?? 200
    const text = answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body))
    return new Response(status === 204 ? null : text, {
      status,
      headers: answer.body === undefined ? {} : { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}
