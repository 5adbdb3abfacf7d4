import { screen, waitFor, within } from '@testing-library/react'
import type { TAnnouncement } from '@vouched/shared/announcements'
import { ANNOUNCEMENT_MESSAGES } from '@vouched/shared/announcements.constants'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { AnnouncementAdminList } from './announcement-admin-list'
import { AnnouncementForm } from './announcement-form'
import { AnnouncementsSection } from './announcements-section'

const admin = makeUser({ id: 9, username: 'root', fullName: 'Ada Admin', isAdmin: true })

const announcement = (overrides: Partial<TAnnouncement> = {}): TAnnouncement => ({
  id: 1,
  adminId: 9,
  title: 'Welcome aboard',
  content: 'We are glad you are here with us.',
  imageUrl: null,
  pinned: false,
  createdAt: new Date().toISOString(),
  adminUsername: 'root',
  adminFullName: 'Ada Admin',
  adminProfilePicture: null,
  ...overrides,
})

describe('AnnouncementForm', () => {
  it('shows the validation texts of SPEC §5 without calling the server', async () => {
    const fetchMock = mockApi({})
    const { user } = renderWithProviders(<AnnouncementForm />, { user: admin })
    await user.type(screen.getByLabelText('Title'), 'ab')
    await user.type(screen.getByLabelText('Content'), 'too short')
    await user.type(screen.getByLabelText('Image URL (optional)'), 'not a url')
    await user.click(screen.getByRole('button', { name: 'Post Announcement' }))
    expect(await screen.findByText(ANNOUNCEMENT_MESSAGES.titleMin)).toBeInTheDocument()
    expect(screen.getByText(ANNOUNCEMENT_MESSAGES.contentMin)).toBeInTheDocument()
    expect(screen.getByText(ANNOUNCEMENT_MESSAGES.url)).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('says a title is too long', async () => {
    mockApi({})
    const { user } = renderWithProviders(<AnnouncementForm />, { user: admin })
    await user.click(screen.getByLabelText('Title'))
    await user.paste('x'.repeat(101))
    await user.click(screen.getByRole('button', { name: 'Post Announcement' }))
    expect(await screen.findByText(ANNOUNCEMENT_MESSAGES.titleMax)).toBeInTheDocument()
  })

  it('posts without an empty image URL, pinned when asked, then clears the form', async () => {
    const fetchMock = mockApi({
      'POST /api/announcements': ({ body }) => ({
        status: 201,
        body: announcement(body as Partial<TAnnouncement>),
      }),
      'GET /api/announcements': { body: [] },
    })
    const { user } = renderWithProviders(<AnnouncementForm />, { user: admin })
    await user.type(screen.getByLabelText('Title'), 'Maintenance tonight')
    await user.type(screen.getByLabelText('Content'), 'The site will be down from 2 to 3 am.')
    await user.click(screen.getByRole('switch', { name: 'Pin this announcement' }))
    await user.click(screen.getByRole('button', { name: 'Post Announcement' }))
    expect(await screen.findByText('Announcement created')).toBeInTheDocument()
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!
    expect(JSON.parse(call[1]!.body as string)).toEqual({
      title: 'Maintenance tonight',
      content: 'The site will be down from 2 to 3 am.',
      pinned: true,
    })
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue(''))
  })

  it('toasts the server message under "Failed to create announcement"', async () => {
    mockApi({
      'POST /api/announcements': {
        status: 403,
        body: { message: 'Only admins can do this', code: 'FORBIDDEN' },
      },
    })
    const { user } = renderWithProviders(<AnnouncementForm />, { user: admin })
    await user.type(screen.getByLabelText('Title'), 'Maintenance tonight')
    await user.type(screen.getByLabelText('Content'), 'The site will be down from 2 to 3 am.')
    await user.click(screen.getByRole('button', { name: 'Post Announcement' }))
    expect(await screen.findByText(ANNOUNCEMENT_MESSAGES.createFailed)).toBeInTheDocument()
    expect(screen.getByText('Only admins can do this')).toBeInTheDocument()
    expect(screen.getByLabelText('Title')).toHaveValue('Maintenance tonight')
  })
})

describe('AnnouncementAdminList', () => {
  it('lists announcements 600 px high, labelled (Admin), pinned first as the server orders them', async () => {
    mockApi({
      'GET /api/announcements': {
        body: [announcement({ id: 2, title: 'Pinned news', pinned: true }), announcement({ id: 1 })],
      },
    })
    renderWithProviders(<AnnouncementAdminList />, { user: admin })
    const titles = await screen.findAllByRole('heading', { level: 3 })
    expect(titles.map((h) => h.textContent)).toEqual(['Pinned news', 'Welcome aboard'])
    expect(screen.getAllByText('(Admin)')).toHaveLength(2)
    expect(screen.getByText('Pinned')).toBeInTheDocument()
    expect(screen.getByTestId('announcement-list')).toHaveClass('h-[600px]')
  })

  it('pins and unpins through PATCH', async () => {
    const fetchMock = mockApi({
      'GET /api/announcements': {
        body: [announcement({ id: 2, title: 'Pinned news', pinned: true }), announcement()],
      },
      'PATCH /api/announcements/1': ({ body }) => ({ body: announcement(body as Partial<TAnnouncement>) }),
      'PATCH /api/announcements/2': ({ body }) => ({ body: announcement({ id: 2, ...(body as object) }) }),
    })
    const { user } = renderWithProviders(<AnnouncementAdminList />, { user: admin })
    await user.click(await screen.findByRole('button', { name: 'Pin announcement "Welcome aboard"' }))
    expect(await screen.findByText('Announcement pinned')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Unpin announcement "Pinned news"' }))
    expect(await screen.findByText('Announcement unpinned')).toBeInTheDocument()
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')
    expect(patches.map(([url, init]) => [url, JSON.parse(init!.body as string)])).toEqual([
      ['/api/announcements/1', { pinned: true }],
      ['/api/announcements/2', { pinned: false }],
    ])
  })

  it('asks "Are you sure?" and says deletion is permanent before deleting', async () => {
    const fetchMock = mockApi({
      'GET /api/announcements': { body: [announcement()] },
      'DELETE /api/announcements/1': { body: { success: true } },
    })
    const { user } = renderWithProviders(<AnnouncementAdminList />, { user: admin })
    await user.click(await screen.findByRole('button', { name: 'Delete announcement "Welcome aboard"' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText(ANNOUNCEMENT_MESSAGES.deleteConfirmTitle)).toBeInTheDocument()
    expect(within(dialog).getByText(ANNOUNCEMENT_MESSAGES.deleteConfirmText)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false)

    await user.click(screen.getByRole('button', { name: 'Delete announcement "Welcome aboard"' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Announcement deleted')).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/announcements/1',
      expect.objectContaining({ method: 'DELETE' }),
    )
  })

  it('toasts "Failed to delete announcement" and "Failed to update announcement" with the server message', async () => {
    mockApi({
      'GET /api/announcements': { body: [announcement()] },
      'DELETE /api/announcements/1': {
        status: 404,
        body: { message: 'Announcement not found', code: 'NOT_FOUND' },
      },
      'PATCH /api/announcements/1': {
        status: 500,
        body: { message: 'Internal server error', code: 'INTERNAL' },
      },
    })
    const { user } = renderWithProviders(<AnnouncementAdminList />, { user: admin })
    await user.click(await screen.findByRole('button', { name: 'Pin announcement "Welcome aboard"' }))
    expect(await screen.findByText(ANNOUNCEMENT_MESSAGES.updateFailed)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Delete announcement "Welcome aboard"' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(ANNOUNCEMENT_MESSAGES.deleteFailed)).toBeInTheDocument()
    expect(screen.getByText('Announcement not found')).toBeInTheDocument()
  })

  it('shows the load error of SPEC §8', async () => {
    mockApi({ 'GET /api/announcements': { status: 500, body: { message: 'boom', code: 'INTERNAL' } } })
    renderWithProviders(<AnnouncementAdminList />, { user: admin })
    expect(await screen.findByText(ANNOUNCEMENT_MESSAGES.loadError)).toBeInTheDocument()
  })
})

describe('AnnouncementsSection (home)', () => {
  it('shows pinned ones and at most 3 unpinned ones, labelled (Admin)', async () => {
    const fetchMock = mockApi({
      'GET /api/announcements/pinned': {
        body: [announcement({ id: 5, title: 'Pinned news', pinned: true })],
      },
      'GET /api/announcements': { body: [announcement({ id: 4, title: 'Latest news' })] },
    })
    renderWithProviders(<AnnouncementsSection />, { user: makeUser() })
    expect(await screen.findByRole('heading', { name: 'Announcements' })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Pinned news',
      'Latest news',
    ])
    expect(screen.getAllByText('(Admin)')).toHaveLength(2)
    const latest = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.includes('pinned=false'))
    expect(latest).toBe('/api/announcements?pinned=false&limit=3')
  })

  it('renders nothing when there are no announcements', async () => {
    const fetchMock = mockApi({
      'GET /api/announcements/pinned': { body: [] },
      'GET /api/announcements': { body: [] },
    })
    const { container } = renderWithProviders(<AnnouncementsSection />, { user: makeUser() })
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
    await waitFor(() => expect(screen.queryByLabelText('Loading announcements')).not.toBeInTheDocument())
    expect(screen.queryByRole('heading', { name: 'Announcements' })).not.toBeInTheDocument()
    expect(container.querySelector('article')).toBeNull()
  })

  it('shows "Error loading announcements. Please try again." when loading fails', async () => {
    mockApi({
      'GET /api/announcements/pinned': { status: 500, body: { message: 'boom', code: 'INTERNAL' } },
      'GET /api/announcements': { body: [] },
    })
    renderWithProviders(<AnnouncementsSection />, { user: makeUser() })
    expect(await screen.findByText(ANNOUNCEMENT_MESSAGES.loadError)).toBeInTheDocument()
  })
})

describe('announcements in German', () => {
  it('shows the form and the admin list in German', async () => {
    await changeLocale('de')
    mockApi({ 'GET /api/announcements': { body: [announcement({ pinned: true })] } })
    renderWithProviders(
      <>
        <AnnouncementForm />
        <AnnouncementAdminList />
      </>,
      { user: admin },
    )
    expect(screen.getByRole('form', { name: 'Neue Ankündigung' })).toBeInTheDocument()
    expect(screen.getByLabelText('Bild-URL (optional)')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Ankündigung veröffentlichen' })).toBeInTheDocument()
    expect(await screen.findByText('Angeheftet')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Ankündigung „Welcome aboard“ lösen' })).toBeInTheDocument()
    expect(screen.getByText('gerade eben')).toBeInTheDocument()
  })
})
