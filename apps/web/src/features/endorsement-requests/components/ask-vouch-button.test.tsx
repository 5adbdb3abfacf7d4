import { configure, screen, waitFor } from '@testing-library/react'
import { ENDORSEMENT_REQUEST_MESSAGES } from '@vouched/shared/endorsement-requests.constants'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { AskVouchButton } from './ask-vouch-button'

// Two cores shared with other suites: give async queries room beyond the 1 s default.
configure({ asyncUtilTimeout: 4000 })

const target = { id: 7, username: 'bob', fullName: 'Bob Builder' }

async function openDialog() {
  const result = renderWithProviders(<AskVouchButton target={target} />, { user: makeUser() })
  await result.user.click(screen.getByRole('button', { name: 'Ask for a vouch from Bob Builder' }))
  await screen.findByRole('button', { name: 'Send request' })
  return result
}

const posts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')

describe('AskVouchButton', () => {
  it('sends the skills, category and message, then closes with a toast', async () => {
    const fetchMock = mockApi({ 'POST /api/endorsement-requests': { status: 201, body: { id: 1 } } })
    const { user } = await openDialog()
    expect(screen.getByRole('heading', { name: 'Ask Bob Builder for a vouch' })).toBeInTheDocument()
    await user.type(screen.getByLabelText('Skills'), '#TypeScript, mentoring, typescript,')
    await user.click(screen.getByRole('combobox', { name: 'Category (optional)' }))
    await user.click(await screen.findByRole('option', { name: 'Leadership' }))
    await user.type(screen.getByLabelText('Message (optional)'), '  The migration  ')
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1))
    expect(JSON.parse(posts(fetchMock)[0]![1]!.body as string)).toEqual({
      toUserId: 7,
      hashtags: ['TypeScript', 'mentoring'],
      category: 'Leadership',
      message: 'The migration',
    })
    expect(await screen.findByText('Vouch request sent')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('leaves out the category when Any category stays chosen', async () => {
    const fetchMock = mockApi({ 'POST /api/endorsement-requests': { status: 201, body: { id: 1 } } })
    const { user } = await openDialog()
    expect(screen.getByRole('combobox', { name: 'Category (optional)' })).toHaveTextContent('Any category')
    await user.type(screen.getByLabelText('Skills'), 'Design')
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1))
    expect(JSON.parse(posts(fetchMock)[0]![1]!.body as string)).toEqual({
      toUserId: 7,
      hashtags: ['Design'],
    })
  })

  it('asks for a skill before sending anything', async () => {
    const fetchMock = mockApi({})
    const { user } = await openDialog()
    await user.type(screen.getByLabelText('Skills'), ' , ')
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByText(ENDORSEMENT_REQUEST_MESSAGES.hashtagsRequired)).toBeInTheDocument()
    expect(posts(fetchMock)).toHaveLength(0)
  })

  it("shows the server's refusal and keeps the dialog open", async () => {
    mockApi({
      'POST /api/endorsement-requests': {
        status: 429,
        body: { code: 'REQUEST_LIMIT', message: ENDORSEMENT_REQUEST_MESSAGES.dailyLimit('in about 3 hours') },
      },
    })
    const { user } = await openDialog()
    await user.type(screen.getByLabelText('Skills'), 'Go')
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByText('Failed to send vouch request')).toBeInTheDocument()
    expect(screen.getByText(/You can ask again in about 3 hours\./)).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })
})
