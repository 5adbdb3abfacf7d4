import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import {
  CREDENTIAL_MESSAGES,
  VERIFY_MAX_BYTES,
  type TVerification,
  type TVerifyResult,
} from '@vouched/shared/credentials'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderApp } from '../../test/render'

const ISSUER = { id: 'did:web:localhost%3A3000', name: 'Vouched (localhost:3000)' }

function verification(overrides: Partial<TVerification> = {}): TVerification {
  return {
    valid: true,
    revoked: false,
    status: 'active',
    summary:
      'Vouched (localhost:3000) states: Carol Danvers (@carol) endorsed Bob Builder (@bob) for Leadership.',
    kind: 'endorsement',
    name: 'Carol Danvers (@carol) vouches for Bob Builder (@bob): Leadership',
    issuer: ISSUER,
    credentialId: 'urn:uuid:5f0c1a52-7d1e-4c39-9d8e-2f6a0c9b1e77',
    validFrom: '2025-03-04T10:00:00.000Z',
    validUntil: null,
    ...overrides,
  }
}

const answer = (...credentials: TVerification[]): TVerifyResult => {
  const failed = credentials.find((c) => !c.valid)
  return {
    ...(failed ?? credentials[0]!),
    valid: !failed,
    revoked: credentials.some((c) => c.revoked),
    summary: credentials.map((c) => c.summary).join('\n'),
    credentials,
  }
}

const CREDENTIAL = {
  '@context': ['https://www.w3.org/ns/credentials/v2'],
  type: ['VerifiableCredential', 'EndorsementCredential'],
  proof: { type: 'DataIntegrityProof' },
}

const verdict = () => screen.findByRole('heading', { level: 2 })

async function paste(user: ReturnType<typeof renderApp>['user'], text: string) {
  const box = await screen.findByLabelText('Paste a credential (JSON)')
  // fireEvent: typing JSON through userEvent would read its braces as key descriptors.
  fireEvent.change(box, { target: { value: text } })
  await user.click(screen.getByRole('button', { name: 'Verify' }))
}

describe('Verify page', () => {
  it('checks a pasted credential for a visitor and says it is valid, with what it says in words', async () => {
    const fetchMock = mockApi({ 'POST /api/credentials/verify': { body: answer(verification()) } })
    const { user } = renderApp('/verify', { user: null })
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify a credential' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Vouched home' })).toBeInTheDocument()

    await paste(user, JSON.stringify(CREDENTIAL))
    expect(await verdict()).toHaveTextContent('Valid')
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('/verify'))!
    expect(url).toBe('/api/credentials/verify')
    expect(JSON.parse(String(init!.body))).toEqual(CREDENTIAL)

    const details = screen.getByRole('article', { name: verification().name! })
    expect(within(details).getByText(verification().summary)).toBeInTheDocument()
    expect(within(details).getByText(ISSUER.name)).toBeInTheDocument()
    expect(within(details).getByText(ISSUER.id)).toBeInTheDocument()
    expect(within(details).getByText('Mar 4, 2025')).toBeInTheDocument()
    expect(within(details).getByText('No end date')).toBeInTheDocument()
    expect(within(details).getByText(verification().credentialId!)).toBeInTheDocument()
  })

  it('lists no issuer or dates for a document that is not a credential at all', async () => {
    const reason = 'This is not a verifiable credential: it has no @context or no type'
    mockApi({
      'POST /api/credentials/verify': {
        body: answer(
          verification({
            valid: false,
            status: null,
            reason,
            kind: 'other',
            name: null,
            summary: 'Nothing can be said about it.',
            issuer: null,
            credentialId: null,
            validFrom: null,
          }),
        ),
      },
    })
    const { user } = renderApp('/verify', { user: null })
    await paste(user, '{"hello": "world"}')
    expect(await verdict()).toHaveTextContent('Invalid')
    expect(screen.getByText(`${reason}.`)).toBeInTheDocument()
    expect(screen.getByText('Nothing can be said about it.')).toBeInTheDocument()
    expect(screen.queryByText('Issuer')).not.toBeInTheDocument()
  })

  it('says Invalid with the reason for a changed credential', async () => {
    const reason =
      'The signature does not match the content: the credential was changed after it was signed, or it was signed with another key'
    mockApi({
      'POST /api/credentials/verify': {
        body: answer(verification({ valid: false, status: null, reason })),
      },
    })
    const { user } = renderApp('/verify', { user: makeUser() })
    await paste(user, JSON.stringify(CREDENTIAL))
    expect(await verdict()).toHaveTextContent('Invalid')
    expect(screen.getByText(`${reason}.`)).toBeInTheDocument()
  })

  it.each([
    ['revoked', 'Revoked', 'Its issuer revoked it: the endorsement was withdrawn'],
    ['suspended', 'Suspended', 'Its issuer suspended it: the endorsement is hidden'],
  ] as const)('says %s with the reason', async (status, word, reason) => {
    mockApi({
      'POST /api/credentials/verify': {
        body: answer(verification({ valid: false, revoked: true, status, reason })),
      },
    })
    const { user } = renderApp('/verify', { user: null })
    await paste(user, JSON.stringify(CREDENTIAL))
    expect(await verdict()).toHaveTextContent(word)
    expect(screen.getByText(`${reason}.`)).toBeInTheDocument()
  })

  it('sends a dropped badge image and shows each credential it carries', async () => {
    const medal = (skill: string, overrides: Partial<TVerification> = {}) =>
      verification({
        kind: 'medal',
        name: `Bronze medal in #${skill}`,
        summary: `Vouched (localhost:3000) states: Bob Builder (@bob) holds the bronze medal in #${skill}.`,
        credentialId: `urn:uuid:${skill}`,
        ...overrides,
      })
    const fetchMock = mockApi({
      'POST /api/credentials/verify': {
        body: answer(
          medal('Rust'),
          medal('Go', {
            valid: false,
            revoked: true,
            status: 'suspended',
            reason: 'Its issuer suspended it',
          }),
        ),
      },
    })
    renderApp('/verify', { user: null })
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'bob-badge.png', { type: 'image/png' })
    fireEvent.drop(await screen.findByText('Drop a badge image here'), { dataTransfer: { files: [png] } })

    expect(await verdict()).toHaveTextContent('Suspended')
    const body = fetchMock.mock.calls.find(([u]) => String(u).includes('/verify'))![1]!.body
    expect(body).toBeInstanceOf(FormData)
    expect((body as FormData).get('file')).toBe(png)
    expect(screen.getByText('This badge carries 2 credentials; each is checked below.')).toBeInTheDocument()
    const list = screen.getByRole('list', { name: 'Credentials in this badge' })
    const rust = within(list).getByRole('article', { name: 'Bronze medal in #Rust' })
    expect(within(rust).getByText('Valid')).toBeInTheDocument()
    const go = within(list).getByRole('article', { name: 'Bronze medal in #Go' })
    expect(within(go).getByText('Suspended')).toBeInTheDocument()
    expect(within(go).getByText('Its issuer suspended it.')).toBeInTheDocument()
    expect(screen.getByText('Checked: bob-badge.png')).toBeInTheDocument()
  })

  it("shows the server's message for a file it refuses", async () => {
    mockApi({
      'POST /api/credentials/verify': {
        status: 415,
        body: { message: CREDENTIAL_MESSAGES.unsupportedFile, code: 'UNSUPPORTED_MEDIA_TYPE', field: 'file' },
      },
    })
    const { user } = renderApp('/verify', { user: null })
    await user.upload(
      await screen.findByLabelText('Choose a file'),
      new File(['hello'], 'notes.json', { type: 'application/json' }),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(CREDENTIAL_MESSAGES.unsupportedFile)
  })

  it('refuses text that is not JSON, and a file beyond the limit, without asking the server', async () => {
    const fetchMock = mockApi({})
    const { user } = renderApp('/verify', { user: null })
    await paste(user, 'not a credential')
    expect(await screen.findByText(CREDENTIAL_MESSAGES.notJson)).toBeInTheDocument()
    expect(screen.getByLabelText('Paste a credential (JSON)')).toHaveAttribute('aria-invalid', 'true')

    const huge = new File([new Uint8Array(VERIFY_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' })
    await user.upload(screen.getByLabelText('Choose a file'), huge)
    expect(await screen.findByRole('alert')).toHaveTextContent(CREDENTIAL_MESSAGES.tooLarge)
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/credentials/'))).toEqual([])
  })

  it("loads a chip's medal credential into the box and checks it at once", async () => {
    const medalCredential = { ...CREDENTIAL, type: ['VerifiableCredential', 'OpenBadgeCredential'] }
    const fetchMock = mockApi({
      'GET /api/credentials/medals/7': { body: medalCredential },
      'POST /api/credentials/verify': {
        body: answer(verification({ kind: 'medal', name: 'Gold medal in #Calm' })),
      },
    })
    renderApp('/verify?medal=7', { user: makeUser() })
    expect(await verdict()).toHaveTextContent('Valid')
    expect(screen.getByLabelText('Paste a credential (JSON)')).toHaveValue(
      JSON.stringify(medalCredential, null, 2),
    )
    const verifyCall = fetchMock.mock.calls.find(([u]) => String(u).includes('/verify'))!
    expect(JSON.parse(String(verifyCall[1]!.body))).toEqual(medalCredential)
    expect(screen.getByRole('link', { name: 'Download this credential' })).toHaveAttribute(
      'href',
      '/api/credentials/medals/7',
    )
    await waitFor(() => expect(document.title).toBe('Verify a credential · Vouched'))
  })

  it("says why an endorsement's credential cannot be loaded, in the server's words", async () => {
    mockApi({
      'GET /api/credentials/vouches/3': {
        status: 404,
        body: { message: CREDENTIAL_MESSAGES.vouchNotPublic, code: 'NOT_FOUND' },
      },
    })
    renderApp('/verify?vouch=3', { user: makeUser() })
    expect(await screen.findByRole('alert')).toHaveTextContent(CREDENTIAL_MESSAGES.vouchNotPublic)
    expect(screen.getByLabelText('Paste a credential (JSON)')).toHaveValue('')
    expect(screen.queryByRole('link', { name: 'Log in to load it' })).not.toBeInTheDocument()
  })

  it("offers a visitor to log in for an endorsement's credential and come back", async () => {
    mockApi({
      'GET /api/credentials/vouches/3': {
        status: 401,
        body: { message: 'Please log in to continue', code: 'UNAUTHENTICATED' },
      },
    })
    renderApp('/verify?vouch=3', { user: null })
    expect(await screen.findByRole('alert')).toHaveTextContent('Please log in to continue')
    expect(screen.getByRole('link', { name: 'Log in to load it' })).toHaveAttribute(
      'href',
      `/auth?next=${encodeURIComponent('/verify?vouch=3')}`,
    )
  })
})
