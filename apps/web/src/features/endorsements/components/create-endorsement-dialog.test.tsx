import { fireEvent, screen, waitFor } from '@testing-library/react'
import { CATEGORIES } from '@vouched/shared/endorsements.constants'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { CreateEndorsementDialog } from './create-endorsement-dialog'

const target = { id: 7, username: 'bob', fullName: 'Bob Builder' }

/** Renders the open dialog and waits for its form (a chunk of its own, loaded on opening). */
async function renderDialog(me = makeUser()) {
  const result = renderWithProviders(
    <CreateEndorsementDialog target={target} open onOpenChange={() => {}} />,
    { user: me },
  )
  await screen.findByRole('button', { name: 'Submit endorsement' })
  return result
}

const attachmentInput = () => screen.getByLabelText('Attachment (optional)')

describe('CreateEndorsementDialog', () => {
  it('defaults to Technical Skills and posts the endorsement with its tags, note and anonymity', async () => {
    const fetchMock = mockApi({
      'GET /api/hashtags/popular': { body: [{ id: 1, tag: 'Kubernetes', count: 3 }] },
      'POST /api/vouches': { status: 201, body: { id: 1 } },
    })
    const { user } = await renderDialog()
    expect(screen.getByRole('heading', { name: 'Endorse Bob Builder' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Technical Skills')
    await user.type(screen.getByLabelText('Note (optional)'), 'Rebuilt our CI')
    await user.type(screen.getByLabelText('Skills (hashtags)'), '#DevOps{Enter}kube')
    await user.click(await screen.findByRole('button', { name: '#Kubernetes' }))
    await user.click(screen.getByRole('switch', { name: 'Endorse anonymously' }))
    expect(screen.getByText('1.2x')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Submit endorsement' }))
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true))
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!
    expect(JSON.parse(post[1]!.body as string)).toEqual({
      toUserId: 7,
      category: 'Technical Skills',
      note: 'Rebuilt our CI',
      hashtags: ['DevOps', 'Kubernetes'],
      isAnonymous: true,
    })
    expect(await screen.findByText('Endorsement sent')).toBeInTheDocument()
  })

  it('shows the verified factor in the impact preview, except for an anonymous endorsement', async () => {
    mockApi({ 'GET /api/hashtags/popular': { body: [] } })
    const { user } = await renderDialog(makeUser({ isEmailVerified: true, isVerified: true }))
    expect(screen.getByText('1.25x')).toBeInTheDocument()
    await user.click(screen.getByRole('switch', { name: 'Endorse anonymously' }))
    expect(screen.getByText('1.0x')).toBeInTheDocument()
    await user.click(screen.getByRole('switch', { name: 'Endorse anonymously' }))
    expect(screen.getByText('1.25x')).toBeInTheDocument()
  })

  it('uploads an attachment first and sends its URL', async () => {
    const fetchMock = mockApi({
      'GET /api/hashtags/popular': { body: [] },
      'POST /api/vouches/attachments': {
        status: 201,
        body: { contentUrl: '/uploads/0123456789abcdef0123456789abcdef.pdf', contentType: 'application/pdf' },
      },
      'POST /api/vouches': { status: 201, body: { id: 2 } },
    })
    const { user } = await renderDialog()
    fireEvent.change(attachmentInput(), {
      target: { files: [new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' })] },
    })
    expect(await screen.findByText('letter.pdf')).toBeInTheDocument()
    expect(screen.getByText('1.5x')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Note (optional)'), 'See the attached review')
    await user.click(screen.getByRole('button', { name: 'Submit endorsement' }))
    await waitFor(() => expect(screen.getByText('Endorsement sent')).toBeInTheDocument())
    const post = fetchMock.mock.calls.find(([url]) => String(url) === '/api/vouches')!
    expect(JSON.parse(post[1]!.body as string)).toMatchObject({
      contentUrl: '/uploads/0123456789abcdef0123456789abcdef.pdf',
      contentType: 'application/pdf',
    })
  })

  it('refuses attachments of another type or above 10MB before uploading', async () => {
    const fetchMock = mockApi({ 'GET /api/hashtags/popular': { body: [] } })
    await renderDialog()
    fireEvent.change(attachmentInput(), {
      target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] },
    })
    expect(await screen.findByText('Attachments must be PNG, JPG, GIF or PDF files')).toBeInTheDocument()
    const big = new File(['x'], 'huge.png', { type: 'image/png' })
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 })
    fireEvent.change(attachmentInput(), { target: { files: [big] } })
    expect(await screen.findByText('Attachments must be 10MB or smaller')).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('attachments'))).toBe(false)
  })

  it('shows the server\'s refusal in the "Couldn\'t save your endorsement" toast and on its field', async () => {
    mockApi({
      'GET /api/hashtags/popular': { body: [] },
      'GET /api/vouches/given/7': { body: { categories: [] } },
      'POST /api/vouches': {
        status: 409,
        body: {
          message: 'You have already endorsed this member in this category',
          code: 'DUPLICATE_ENDORSEMENT',
          field: 'category',
        },
      },
    })
    const { user } = await renderDialog()
    await user.type(screen.getByLabelText('Skills (hashtags)'), 'Go{Enter}')
    await user.click(screen.getByRole('button', { name: 'Submit endorsement' }))
    expect(await screen.findByText("Couldn't save your endorsement")).toBeInTheDocument()
    expect(screen.queryByText('Error creating vouch')).not.toBeInTheDocument()
    expect(screen.getAllByText('You have already endorsed this member in this category')).toHaveLength(2)
  })

  it('asks for a skill or a note before it sends anything, and lets a note answer it', async () => {
    const fetchMock = mockApi({
      'GET /api/hashtags/popular': { body: [] },
      'GET /api/vouches/given/7': { body: { categories: [] } },
      'POST /api/vouches': { status: 201, body: { id: 3 } },
    })
    const { user } = await renderDialog()
    await user.click(screen.getByRole('button', { name: 'Submit endorsement' }))
    expect(await screen.findByText('Add at least one skill or a note')).toBeInTheDocument()
    expect(screen.getByLabelText('Skills (hashtags)')).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
    await user.type(screen.getByLabelText('Note (optional)'), 'Calm under pressure')
    await waitFor(() =>
      expect(screen.queryByText('Add at least one skill or a note')).not.toBeInTheDocument(),
    )
    await user.click(screen.getByRole('button', { name: 'Submit endorsement' }))
    expect(await screen.findByText('Endorsement sent')).toBeInTheDocument()
  })

  it('marks the categories already used for this member and starts on a free one', async () => {
    const fetchMock = mockApi({
      'GET /api/hashtags/popular': { body: [] },
      'GET /api/vouches/given/7': { body: { categories: ['Technical Skills', 'Leadership'] } },
      'POST /api/vouches': { status: 201, body: { id: 4 } },
    })
    const { user } = await renderDialog()
    const category = screen.getByRole('combobox', { name: 'Category' })
    await waitFor(() => expect(category).toHaveTextContent('Communication'))
    expect(
      screen.getByText(
        'You already endorsed Bob Builder for Technical Skills, Leadership. Each category counts once per member.',
      ),
    ).toBeInTheDocument()
    await user.click(category)
    const leadership = await screen.findByRole('option', { name: /Leadership/ })
    expect(leadership).toHaveAttribute('aria-disabled', 'true')
    expect(leadership).toHaveTextContent('Leadership· already endorsed')
    expect(screen.getByRole('option', { name: 'Teamwork' })).not.toHaveAttribute('aria-disabled')
    await user.click(screen.getByRole('option', { name: 'Teamwork' }))
    await user.type(screen.getByLabelText('Skills (hashtags)'), 'Mentoring{Enter}')
    await user.click(screen.getByRole('button', { name: 'Submit endorsement' }))
    await screen.findByText('Endorsement sent')
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!
    expect(JSON.parse(post[1]!.body as string)).toMatchObject({
      category: 'Teamwork',
      hashtags: ['Mentoring'],
    })
  })

  it('cannot submit once every category is used, and says why', async () => {
    mockApi({
      'GET /api/hashtags/popular': { body: [] },
      'GET /api/vouches/given/7': { body: { categories: [...CATEGORIES] } },
    })
    await renderDialog()
    expect(
      await screen.findByText(
        'You already endorsed Bob Builder in every category. Each category counts once per member.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Submit endorsement' })).toBeDisabled()
  })
})
