import { configure, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeEndorsementRequest } from '../../features/endorsement-requests/endorsement-requests.fixtures'
import { makeUser, mockApi, renderApp } from '../../test/render'

configure({ asyncUtilTimeout: 4000 })

describe('/endorsement-requests', () => {
  it("opens the endorsement dialog prefilled with the request's skills, category and message", async () => {
    mockApi({
      'GET /api/notifications': { body: { notifications: [], unreadCount: 0, nextCursor: null } },
      'GET /api/endorsement-requests': { body: { requests: [makeEndorsementRequest()] } },
      'GET /api/vouches/given/2': { body: { categories: [] } },
      'GET /api/hashtags/popular': { body: [] },
    })
    const { user } = renderApp('/endorsement-requests', { user: makeUser() })
    expect(await screen.findByRole('heading', { level: 1, name: 'Vouch requests' })).toBeInTheDocument()
    const item = await screen.findByRole('listitem', { name: 'Request from Ana Lee' })
    await user.click(within(item).getByRole('button', { name: 'Endorse Ana Lee' }))
    const dialog = await screen.findByRole('dialog', { name: 'Endorse Ana Lee' })
    await within(dialog).findByRole('button', { name: 'Submit endorsement' })
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveTextContent('Leadership')
    expect(within(dialog).getByText('#TypeScript')).toBeInTheDocument()
    expect(within(dialog).getByText('#Mentoring')).toBeInTheDocument()
    expect(within(dialog).getByText('For the migration we led together')).toBeInTheDocument()
  })
})
