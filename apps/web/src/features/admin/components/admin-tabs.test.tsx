import { screen, waitFor, within } from '@testing-library/react'
import type { TAdminConversation, TAdminEndorsement, TAdminUser, TAuditEntry } from '@vouched/shared/admin'
import { ADMIN_MESSAGES, type TAdminPage } from '@vouched/shared/admin.constants'
import type { TMessage } from '@vouched/shared/messaging'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { AuditTab } from './audit-tab'
import { ConversationsTab } from './conversations-tab'
import { EndorsementsTab } from './endorsements-tab'
import { HashtagsTab } from './hashtags-tab'
import { UsersTab } from './users-tab'

const admin = makeUser({ id: 1, username: 'root', isAdmin: true })
const pageOf = <T,>(items: T[], total = items.length, page = 1, limit = 20): TAdminPage<T> => ({
  items,
  total,
  page,
  limit,
})
const member = (overrides: Partial<TAdminUser> = {}): TAdminUser =>
  makeUser({ id: 2, username: 'bob', ...overrides })
const failure = { status: 500, body: { message: 'Internal server error', code: 'INTERNAL' } }
const calls = (fetchMock: ReturnType<typeof mockApi>, method = 'GET') =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).map(([url]) => String(url))

describe('UsersTab', () => {
  it("lists members with their emails, and marks the admin's own row", async () => {
    mockApi({
      'GET /api/admin/users': {
        body: pageOf([admin, member({ fullName: 'Bob Stone', email: 'bob@corp.example' })]),
      },
    })
    renderWithProviders(<UsersTab />, { user: admin })
    expect(await screen.findByText('Bob Stone')).toBeInTheDocument()
    expect(screen.getByText('bob@corp.example')).toBeInTheDocument()
    expect(screen.getByText('You')).toBeInTheDocument()
    expect(screen.getByRole('switch', { name: 'Admin rights for @root' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Delete @root' })).toBeDisabled()
    expect(screen.getByText('2 users · Page 1 of 1')).toBeInTheDocument()
  })

  it('searches after a pause in typing and pages with Next and Previous', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/users': { body: pageOf([member()], 45) } })
    const { user } = renderWithProviders(<UsersTab />, { user: admin })
    await screen.findByText('45 users · Page 1 of 3')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(calls(fetchMock)).toContain('/api/admin/users?page=2&limit=20'))
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'bo')
    await waitFor(() => expect(calls(fetchMock)).toContain('/api/admin/users?page=1&q=bo&limit=20'))
  })

  it('grants admin rights after a confirmation', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/users': { body: pageOf([member()]) },
      'PATCH /api/admin/users/2': { body: member({ isAdmin: true }) },
    })
    const { user } = renderWithProviders(<UsersTab />, { user: admin })
    await user.click(await screen.findByRole('switch', { name: 'Admin rights for @bob' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText(ADMIN_MESSAGES.confirmTitle)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Grant admin rights' }))
    expect(await screen.findByText('Admin rights granted')).toBeInTheDocument()
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!
    expect(JSON.parse(patch[1]!.body as string)).toEqual({ isAdmin: true })
  })

  it('toasts "Failed to update user" with the server message', async () => {
    mockApi({
      'GET /api/admin/users': { body: pageOf([member({ isAdmin: true })]) },
      'PATCH /api/admin/users/2': { status: 404, body: { message: 'User not found', code: 'NOT_FOUND' } },
    })
    const { user } = renderWithProviders(<UsersTab />, { user: admin })
    await user.click(await screen.findByRole('switch', { name: 'Admin rights for @bob' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove admin rights' }),
    )
    expect(await screen.findByText(ADMIN_MESSAGES.updateUserFailed)).toBeInTheDocument()
    expect(screen.getByText('User not found')).toBeInTheDocument()
  })

  it('deletes a member only after "Are you sure?", and toasts "Failed to delete user" on failure', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/users': { body: pageOf([member()]) },
      'DELETE /api/admin/users/2': failure,
    })
    const { user } = renderWithProviders(<UsersTab />, { user: admin })
    await user.click(await screen.findByRole('button', { name: 'Delete @bob' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText(ADMIN_MESSAGES.confirmTitle)).toBeInTheDocument()
    expect(within(dialog).getByText(/permanently delete @bob and all their data/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(ADMIN_MESSAGES.deleteUserFailed)).toBeInTheDocument()
    expect(calls(fetchMock, 'DELETE')).toEqual(['/api/admin/users/2'])
  })

  it('shows "Failed to load users"', async () => {
    mockApi({ 'GET /api/admin/users': failure })
    renderWithProviders(<UsersTab />, { user: admin })
    expect(await screen.findByText(ADMIN_MESSAGES.loadUsersFailed)).toBeInTheDocument()
  })
})

const endorsement = (overrides: Partial<TAdminEndorsement> = {}): TAdminEndorsement => ({
  id: 7,
  fromUserId: 3,
  fromUsername: 'carol',
  fromFullName: 'Carol Diaz',
  toUserId: 2,
  toUsername: 'bob',
  toFullName: 'Bob Stone',
  category: 'Leadership',
  note: 'Led the migration',
  isAnonymous: true,
  hashtags: ['Mentorship'],
  likeCount: 0,
  commentCount: 0,
  engagementWeight: 1.2,
  createdAt: new Date().toISOString(),
  ...overrides,
})

describe('EndorsementsTab', () => {
  it('names anonymous endorsers and deletes after confirmation', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/vouches': { body: pageOf([endorsement()]) },
      'DELETE /api/admin/vouches/7': { body: { success: true } },
    })
    const { user } = renderWithProviders(<EndorsementsTab />, { user: admin })
    expect(await screen.findByText('Carol Diaz')).toBeInTheDocument()
    expect(screen.getByText('Anonymous')).toBeInTheDocument()
    expect(screen.getByText('#Mentorship')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Delete endorsement from @carol to @bob' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Endorsement deleted')).toBeInTheDocument()
    expect(calls(fetchMock, 'DELETE')).toEqual(['/api/admin/vouches/7'])
  })

  it('shows "Failed to load endorsements"', async () => {
    mockApi({ 'GET /api/admin/vouches': failure })
    renderWithProviders(<EndorsementsTab />, { user: admin })
    expect(await screen.findByText(ADMIN_MESSAGES.loadEndorsementsFailed)).toBeInTheDocument()
  })

  it('toasts "Failed to delete endorsement"', async () => {
    mockApi({
      'GET /api/admin/vouches': { body: pageOf([endorsement()]) },
      'DELETE /api/admin/vouches/7': failure,
    })
    const { user } = renderWithProviders(<EndorsementsTab />, { user: admin })
    await user.click(await screen.findByRole('button', { name: 'Delete endorsement from @carol to @bob' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(ADMIN_MESSAGES.deleteEndorsementFailed)).toBeInTheDocument()
  })
})

describe('HashtagsTab', () => {
  it('lists tags with counts and deletes after confirmation', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/hashtags': { body: pageOf([{ id: 4, tag: 'ReactJS', count: 12 }]) },
      'DELETE /api/admin/hashtags/4': { body: { success: true } },
    })
    const { user } = renderWithProviders(<HashtagsTab />, { user: admin })
    expect(await screen.findByRole('link', { name: '#ReactJS' })).toHaveAttribute(
      'href',
      '/discover?tag=ReactJS',
    )
    expect(screen.getByText('12')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Delete hashtag #ReactJS' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText(/from 12 endorsements/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Hashtag deleted')).toBeInTheDocument()
    expect(calls(fetchMock, 'DELETE')).toEqual(['/api/admin/hashtags/4'])
  })

  it('shows "Failed to load hashtags"', async () => {
    mockApi({ 'GET /api/admin/hashtags': failure })
    renderWithProviders(<HashtagsTab />, { user: admin })
    expect(await screen.findByText(ADMIN_MESSAGES.loadHashtagsFailed)).toBeInTheDocument()
  })

  it('toasts "Failed to delete hashtag"', async () => {
    mockApi({
      'GET /api/admin/hashtags': { body: pageOf([{ id: 4, tag: 'ReactJS', count: 1 }]) },
      'DELETE /api/admin/hashtags/4': failure,
    })
    const { user } = renderWithProviders(<HashtagsTab />, { user: admin })
    await user.click(await screen.findByRole('button', { name: 'Delete hashtag #ReactJS' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(ADMIN_MESSAGES.deleteHashtagFailed)).toBeInTheDocument()
  })
})

const conversation: TAdminConversation = {
  id: 11,
  user: { id: 2, username: 'bob', fullName: 'Bob Stone', profilePicture: null },
  otherUser: { id: 3, username: 'carol', fullName: 'Carol Diaz', profilePicture: null },
  lastMessage: { content: 'See you tomorrow', createdAt: new Date().toISOString() },
  messageCount: 2,
  lastMessageAt: new Date().toISOString(),
}
const message = (overrides: Partial<TMessage> = {}): TMessage => ({
  id: 1,
  conversationId: 11,
  senderId: 2,
  recipientId: 3,
  content: 'See you tomorrow',
  status: 'read',
  createdAt: new Date().toISOString(),
  senderUsername: 'bob',
  senderFullName: 'Bob Stone',
  senderProfilePicture: null,
  ...overrides,
})

describe('ConversationsTab', () => {
  it('lists conversations in the admin view and opens their messages', async () => {
    mockApi({
      'GET /api/admin/conversations': { body: pageOf([conversation]) },
      'GET /api/admin/conversations/11/messages': {
        body: pageOf([message(), message({ id: 2, content: 'Hi Carol', status: 'delivered' })]),
      },
    })
    const { user } = renderWithProviders(<ConversationsTab />, { user: admin })
    expect(await screen.findByText('See you tomorrow')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'View messages between @bob and @carol' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('heading', { name: 'Bob Stone and Carol Diaz' })).toBeInTheDocument()
    expect(await within(dialog).findByText('Hi Carol')).toBeInTheDocument()
  })

  it('shows "Error loading conversations"', async () => {
    mockApi({ 'GET /api/admin/conversations': failure })
    renderWithProviders(<ConversationsTab />, { user: admin })
    expect(await screen.findByText(ADMIN_MESSAGES.loadConversationsFailed)).toBeInTheDocument()
  })

  it('shows "Error loading messages"', async () => {
    mockApi({
      'GET /api/admin/conversations': { body: pageOf([conversation]) },
      'GET /api/admin/conversations/11/messages': failure,
    })
    const { user } = renderWithProviders(<ConversationsTab />, { user: admin })
    await user.click(await screen.findByRole('button', { name: 'View messages between @bob and @carol' }))
    expect(
      await within(await screen.findByRole('dialog')).findByText(ADMIN_MESSAGES.loadMessagesFailed),
    ).toBeInTheDocument()
  })
})

describe('AuditTab', () => {
  it('shows who did what and when', async () => {
    const entry: TAuditEntry = {
      id: 1,
      adminId: 1,
      adminUsername: 'root',
      action: 'user.delete',
      targetType: 'user',
      targetId: 2,
      details: 'Deleted @bob (bob@example.com) and all their data',
      createdAt: '2025-03-04T10:20:00.000Z',
    }
    mockApi({
      'GET /api/admin/audit': {
        body: pageOf([entry, { ...entry, id: 2, adminId: null, adminUsername: null }]),
      },
    })
    renderWithProviders(<AuditTab />, { user: admin })
    expect(await screen.findByText('@root')).toBeInTheDocument()
    expect(screen.getAllByText('user.delete')).toHaveLength(2)
    expect(screen.getByText('Deleted admin')).toBeInTheDocument()
    expect(screen.getAllByText('Deleted @bob (bob@example.com) and all their data')).toHaveLength(2)
    expect(screen.getByText('2 entries · Page 1 of 1')).toBeInTheDocument()
  })

  it('says when the audit log cannot be loaded', async () => {
    mockApi({ 'GET /api/admin/audit': failure })
    renderWithProviders(<AuditTab />, { user: admin })
    expect(await screen.findByText(ADMIN_MESSAGES.loadAuditFailed)).toBeInTheDocument()
  })
})

describe('admin tabs in German', () => {
  it('labels the users table, its pager and the deletion in German', async () => {
    await changeLocale('de')
    mockApi({ 'GET /api/admin/users': { body: pageOf([admin, member()], 45) } })
    const { user } = renderWithProviders(<UsersTab />, { user: admin })
    expect(await screen.findByText('45 Mitglieder · Seite 1 von 3')).toBeInTheDocument()
    expect(screen.getByText('Du')).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Mitglieder suchen' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: '@bob löschen' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText(/@bob und alle zugehörigen Daten dauerhaft gelöscht/)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument()
  })
})
