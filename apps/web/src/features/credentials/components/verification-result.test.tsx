import { screen, within } from '@testing-library/react'
import type { TVerification, TVerifyResult } from '@vouched/shared/credentials'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { renderWithProviders } from '../../../test/render'
import { VerifiableChip } from './verifiable-chip'
import { VerificationResult } from './verification-result'

const credential = (overrides: Partial<TVerification> = {}): TVerification => ({
  valid: true,
  revoked: false,
  status: null,
  summary: 'Vouched says that alice earned the Gold medal in #Rust.',
  kind: 'medal',
  name: 'Gold medal in #Rust',
  issuer: { id: 'https://vouched.example', name: 'Vouched' },
  credentialId: 'urn:uuid:1',
  validFrom: '2026-01-05T12:00:00.000Z',
  validUntil: null,
  ...overrides,
})

describe('verification in German', () => {
  it('gives the verdict, the kinds and the dates of several credentials in German', async () => {
    await changeLocale('de')
    const result: TVerifyResult = {
      ...credential({ valid: false, revoked: true, status: 'suspended' }),
      credentials: [
        credential(),
        credential({
          valid: false,
          revoked: true,
          status: 'suspended',
          kind: 'endorsement',
          name: null,
          credentialId: 'urn:uuid:2',
        }),
      ],
    }
    renderWithProviders(<VerificationResult result={result} />)
    expect(screen.getByRole('heading', { level: 2, name: 'Ausgesetzt' })).toBeInTheDocument()
    expect(
      screen.getByText('Der Aussteller hat ihn ausgesetzt: Was er besagt, gilt vorerst nicht.'),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Dieses Badge enthält 2 Nachweise; jeder wird unten geprüft.'),
    ).toBeInTheDocument()
    const list = screen.getByRole('list', { name: 'Nachweise in diesem Badge' })
    const endorsement = within(list).getByRole('article', { name: 'Empfehlung' })
    expect(within(endorsement).getByText('Aussteller')).toBeInTheDocument()
    expect(within(endorsement).getByText('Kein Enddatum')).toBeInTheDocument()
    expect(within(list).getByText('Gültig')).toBeInTheDocument()
  })

  it('names the Verifiable chip in German', async () => {
    await changeLocale('de')
    renderWithProviders(<VerifiableChip kind="vouch" id={4} what="diese Empfehlung" />)
    const chip = screen.getByRole('link', { name: 'Verifizierbar: diese Empfehlung prüfen' })
    expect(chip).toHaveAttribute('href', '/verify?vouch=4')
    expect(chip).toHaveTextContent('Verifizierbar')
  })
})
