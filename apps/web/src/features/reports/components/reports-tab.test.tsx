import type { TAdminReport } from '@vouched/shared/reports'
import { configure, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { ReportDialog } from './report-dialog'
import { ReportsTab } from './reports-tab'

configure({ asyncUtilTimeout: 4000 })

const report = (overrides: Partial<TAdminReport> = {}): TAdminReport => ({
  id: 5,
  targetType: 'endorsement',
  targetId: 42,
  reason: 'Abusive words',
  status: 'open',
  createdAt: '2026-11-20T10:00:00.000Z',
  resolvedAt: null,
  snapshot: 'Teamwork endorsement from @carol to @dave: rude note',
  reporter: { id: 2, username: 'dave', fullName: 'Dave' },
  targetUser: {
    id: 3,
    username: 'carol',
    fullName: 'Carol',
    email: 'carol@example.com',
    isAdmin: false,
    suspendedAt: null,
  },
  targetExists: true,
  resolvedBy: null,
  resolution: null,
  action: null,
  ...overrides,
})

describe('Reports tab', () => {
  it('lists open reports and resolves one with the chosen action', async () => {
    let items = [report()]
    const resolved: unknown[] = []
    mockApi({
      'GET /api/admin/reports': () => ({ body: { items, total: items.length, page: 1, limit: 20 } }),
      'POST /api/admin/reports/5/resolve': ({ body }) => {
        resolved.push(body)
        items = []
        return { body: { success: true } }
      },
    })
    const { user } = renderWithProviders(<ReportsTab />, { user: makeUser({ isAdmin: true }) })
    const item = await screen.findByRole('listitem', { name: 'Report #5' })
    expect(within(item).getByText('Abusive words')).toBeInTheDocument()
    expect(within(item).getByText(/rude note/)).toBeInTheDocument()
    expect(within(item).getByText(/carol@example.com/)).toBeInTheDocument()

    await user.click(within(item).getByRole('button', { name: 'Resolve' }))
    const dialog = await screen.findByRole('dialog', { name: 'Resolve report #5' })
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Removed')
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }))
    await waitFor(() => expect(resolved).toEqual([{ action: 'delete-content', note: 'Removed' }]))
    expect(await screen.findByText('No reports waiting for review.')).toBeInTheDocument()
  })

  it('dismisses a report and lifts a suspension', async () => {
    const calls: string[] = []
    mockApi({
      'GET /api/admin/reports': () => ({
        body: {
          items: [
            report({
              targetType: 'profile',
              targetUser: { ...report().targetUser!, suspendedAt: '2026-11-21T00:00:00.000Z' },
            }),
          ],
          total: 1,
          page: 1,
          limit: 20,
        },
      }),
      'POST /api/admin/reports/5/dismiss': () => {
        calls.push('dismiss')
        return { body: { success: true } }
      },
      'POST /api/admin/users/3/unsuspend': () => {
        calls.push('unsuspend')
        return { body: { id: 3, suspendedAt: null, suspensionReason: null } }
      },
    })
    const { user } = renderWithProviders(<ReportsTab />, { user: makeUser({ isAdmin: true }) })
    const item = await screen.findByRole('listitem', { name: 'Report #5' })
    await user.click(within(item).getByRole('button', { name: 'Unsuspend @carol' }))
    await user.click(within(item).getByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(calls).toEqual(['unsuspend', 'dismiss']))
  })
})

describe('Report dialog', () => {
  it('sends the reason and shows the server’s refusal', async () => {
    const sent: unknown[] = []
    mockApi({
      'POST /api/reports': ({ body }) => {
        sent.push(body)
        return sent.length === 1
          ? {
              status: 201,
              body: {
                id: 1,
                targetType: 'endorsement',
                targetId: 42,
                reason: 'Spam',
                status: 'open',
                createdAt: '',
                resolvedAt: null,
              },
            }
          : {
              status: 409,
              body: {
                message: 'You have already reported this. An admin will review it.',
                code: 'DUPLICATE_REPORT',
              },
            }
      },
    })
    const { user } = renderWithProviders(
      <ReportDialog targetType="endorsement" targetId={42} subject="this endorsement" />,
      { user: makeUser() },
    )
    await user.click(screen.getByRole('button', { name: 'Report this endorsement' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report this endorsement' })
    await user.click(await within(dialog).findByRole('button', { name: 'Send report' }))
    expect(await within(dialog).findByText('Please tell us what is wrong')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Reason'), 'Spam')
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(sent).toEqual([{ targetType: 'endorsement', targetId: 42, reason: 'Spam' }])
  })

  it('speaks German: the queue, who reported whom, and a resolved report', async () => {
    await changeLocale('de')
    const items = [
      report(),
      report({
        id: 6,
        status: 'resolved',
        resolvedAt: '2026-11-21T10:00:00.000Z',
        resolvedBy: { id: 1, username: 'alice', fullName: 'Alice' },
      }),
    ]
    mockApi({ 'GET /api/admin/reports': () => ({ body: { items, total: 45, page: 1, limit: 20 } }) })
    renderWithProviders(<ReportsTab />, { user: makeUser({ isAdmin: true }) })
    const open = await screen.findByRole('listitem', { name: 'Meldung #5' })
    expect(within(open).getByText('Offen')).toBeInTheDocument()
    expect(within(open).getByText(/^Gemeldet von/)).toHaveTextContent(
      'Gemeldet von @dave · betrifft @carol (carol@example.com)',
    )
    expect(within(open).getByRole('link', { name: '@carol' })).toHaveAttribute('href', '/profile/carol')
    expect(within(open).getByRole('button', { name: 'Erledigen' })).toBeInTheDocument()
    expect(within(open).getByRole('button', { name: 'Verwerfen' })).toBeInTheDocument()
    const done = screen.getByRole('listitem', { name: 'Meldung #6' })
    expect(within(done).getByText(/^Erledigt von @alice am /)).toBeInTheDocument()
    expect(screen.getByText('Seite 1 von 3 · 45 Meldungen')).toBeInTheDocument()
  })

  it('names the report dialog in German after what is reported', async () => {
    await changeLocale('de')
    const { user } = renderWithProviders(
      <ReportDialog targetType="comment" targetId={3} subject="Kommentar von Carol" />,
      { user: makeUser() },
    )
    await user.click(screen.getByRole('button', { name: 'Kommentar von Carol melden' }))
    const dialog = await screen.findByRole('dialog', { name: 'Kommentar von Carol melden' })
    expect(dialog).toHaveTextContent('Sag den Admins, was mit diesem Kommentar nicht stimmt.')
    expect(await within(dialog).findByRole('button', { name: 'Meldung senden' })).toBeInTheDocument()
  })
})
