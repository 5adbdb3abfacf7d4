import { configure, screen, waitFor, within } from '@testing-library/react'
import type { TEndorsementRequest } from '@vouched/shared/endorsement-requests'
import { describe, expect, it } from 'vitest'
import { Button } from '../../../components/ui/button'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { ANA, makeEndorsementRequest, ME } from '../endorsement-requests.fixtures'
import { EndorsementRequestsList } from './endorsement-requests-list'

configure({ asyncUtilTimeout: 4000 })

/** The requests API of the signed-in member, in memory. */
function requestsServer(received: TEndorsementRequest[], sent: TEndorsementRequest[]) {
  let [inbox, outbox] = [[...received], [...sent]]
  const handlers: Parameters<typeof mockApi>[0] = {
    'GET /api/endorsement-requests': ({ url }) => ({
      body: {
        requests: new URL(url, 'http://localhost').searchParams.get('box') === 'sent' ? outbox : inbox,
      },
    }),
  }
  for (const request of received) {
    handlers[`POST /api/endorsement-requests/${request.id}/decline`] = () => {
      inbox = inbox.map((r) => (r.id === request.id ? { ...r, status: 'declined' as const } : r))
      return { body: inbox.find((r) => r.id === request.id) }
    }
  }
  for (const request of sent) {
    handlers[`DELETE /api/endorsement-requests/${request.id}`] = () => {
      outbox = outbox.filter((r) => r.id !== request.id)
      return { body: { success: true } }
    }
  }
  return mockApi(handlers)
}

const render = (route = '/endorsement-requests') =>
  renderWithProviders(
    <EndorsementRequestsList
      renderVouch={(request) => <Button size="sm">Vouch for {request.fromUser.fullName}</Button>}
    />,
    { user: makeUser(), route },
  )

describe('EndorsementRequestsList', () => {
  it('shows a received request with its skills and message, and Vouch and Decline', async () => {
    requestsServer([makeEndorsementRequest()], [])
    render()
    const item = await screen.findByRole('listitem', { name: 'Request from Ana Lee' })
    expect(within(item).getByText('#TypeScript')).toBeInTheDocument()
    expect(within(item).getByText('#Mentoring')).toBeInTheDocument()
    expect(within(item).getByText('Leadership')).toBeInTheDocument()
    expect(within(item).getByText('For the migration we led together')).toBeInTheDocument()
    expect(within(item).getByText('Waiting')).toBeInTheDocument()
    expect(within(item).getByRole('button', { name: 'Vouch for Ana Lee' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: /Received/ })).toHaveTextContent('1')
  })

  it('declines a request: it shows Declined and its actions go', async () => {
    const fetchMock = requestsServer([makeEndorsementRequest()], [])
    const { user } = render()
    await user.click(await screen.findByRole('button', { name: "Decline Ana Lee's request" }))
    expect(await screen.findByText('Request declined')).toBeInTheDocument()
    const item = await screen.findByRole('listitem', { name: 'Request from Ana Lee' })
    await waitFor(() => expect(within(item).getByText('Declined')).toBeInTheDocument())
    expect(within(item).queryByRole('button', { name: 'Vouch for Ana Lee' })).not.toBeInTheDocument()
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => init?.method === 'POST' && String(url).endsWith('/11/decline'),
      ),
    ).toBe(true)
  })

  it('cancels a sent request from the Sent tab', async () => {
    const fetchMock = requestsServer([], [makeEndorsementRequest({ id: 12, fromUser: ME, toUser: ANA })])
    const { user } = render('/endorsement-requests?box=sent')
    const item = await screen.findByRole('listitem', { name: 'Request to Ana Lee' })
    expect(within(item).queryByRole('button', { name: /Vouch/ })).not.toBeInTheDocument()
    await user.click(within(item).getByRole('button', { name: 'Cancel request to Ana Lee' }))
    expect(await screen.findByText('Request canceled')).toBeInTheDocument()
    expect(await screen.findByText('You have not asked anyone for a vouch yet.')).toBeInTheDocument()
    expect(
      fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url).endsWith('/12')),
    ).toBe(true)
  })

  it('shows a fulfilled request with a link to its endorsement and no actions', async () => {
    requestsServer(
      [],
      [makeEndorsementRequest({ id: 13, fromUser: ME, toUser: ANA, status: 'fulfilled', vouchId: 99 })],
    )
    render('/endorsement-requests?box=sent')
    const item = await screen.findByRole('listitem', { name: 'Request to Ana Lee' })
    expect(within(item).getByText('Fulfilled')).toBeInTheDocument()
    expect(within(item).getByRole('link', { name: 'See the endorsement' })).toHaveAttribute(
      'href',
      '/vouches/99',
    )
    expect(within(item).queryByRole('button')).not.toBeInTheDocument()
  })

  it('says so when nobody asked yet', async () => {
    requestsServer([], [])
    render()
    expect(await screen.findByText('No one has asked you for a vouch yet.')).toBeInTheDocument()
  })

  it("speaks German, with the asker's name a link inside the sentence", async () => {
    await changeLocale('de')
    requestsServer([makeEndorsementRequest()], [])
    const { user } = render()
    const item = await screen.findByRole('listitem', { name: 'Anfrage von Ana Lee' })
    const link = within(item).getByRole('link', { name: 'Ana Lee' })
    expect(link).toHaveAttribute('href', '/profile/ana')
    expect(link.parentElement).toHaveTextContent(/^Ana Lee bittet dich, zu bürgen für$/)
    expect(within(item).getByText('Offen')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: /Erhalten/ })).toBeInTheDocument()
    await user.click(within(item).getByRole('button', { name: 'Anfrage von Ana Lee ablehnen' }))
    expect(await screen.findByText('Anfrage abgelehnt')).toBeInTheDocument()
  })
})
