import type { TSkillProgress } from '@vouched/shared/onboarding'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { AskToVouch } from './ask-to-vouch'
import { MedalProgress } from './medal-progress'

describe('AskToVouch', () => {
  it('gives the public badge link with a copy button and a ready email', async () => {
    // user-event puts its own clipboard on navigator when it is set up (in renderWithProviders).
    const { user } = renderWithProviders(<AskToVouch username="alice" />, { user: makeUser() })
    const writeText = vi.spyOn(navigator.clipboard, 'writeText')
    const link = `${window.location.origin}/badge/alice`
    const section = screen.getByRole('region', { name: 'Ask a colleague to vouch for you' })
    expect(within(section).getByRole('textbox', { name: 'Your public badge link' })).toHaveValue(link)

    await user.click(within(section).getByRole('button', { name: 'Copy link' }))
    expect(writeText).toHaveBeenCalledWith(link)
    expect(await navigator.clipboard.readText()).toBe(link)
    expect(await screen.findByText('Link copied')).toBeInTheDocument()
    expect(within(section).getByRole('button', { name: 'Copied' })).toBeInTheDocument()

    const mail = within(section).getByRole('link', { name: 'Email a colleague' }).getAttribute('href')!
    expect(mail).toMatch(/^mailto:\?subject=Could%20you%20vouch%20for%20me%20on%20Vouched%3F&body=/)
    expect(decodeURIComponent(mail)).toContain(link)
  })

  it('says so when the browser refuses the clipboard', async () => {
    const { user } = renderWithProviders(<AskToVouch username="alice" />, { user: makeUser() })
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'))
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(await screen.findByText('Failed to copy')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument()
  })
})

const skill = (overrides: Partial<TSkillProgress>): TSkillProgress => ({
  skillName: 'TypeScript',
  count: 7,
  tier: null,
  nextTier: 'bronze',
  nextThreshold: 10,
  ...overrides,
})

describe('MedalProgress', () => {
  it('says how far each top skill is from its next medal', async () => {
    mockApi({
      'GET /api/medals/progress': {
        body: {
          skills: [
            skill({}),
            skill({ skillName: 'Testing', count: 12, tier: 'bronze', nextTier: 'silver', nextThreshold: 20 }),
            skill({ skillName: 'Go', count: 85, tier: 'platinum', nextTier: null, nextThreshold: null }),
          ],
        },
      },
    })
    renderWithProviders(<MedalProgress username="alice" />, { user: makeUser() })
    const list = await screen.findByRole('list', { name: 'Medal progress' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '7 of 10 endorsements to bronze in #TypeScript',
      '12 of 20 endorsements to silver in #Testing',
      'Platinum reached in #Go with 85 endorsements',
    ])
    expect(
      within(list).getByRole('progressbar', { name: '7 of 10 endorsements to bronze in #TypeScript' }),
    ).toHaveAttribute('aria-valuenow', '70')
    expect(within(list).getByRole('progressbar', { name: /Platinum reached/ })).toHaveAttribute(
      'aria-valuenow',
      '100',
    )
  })

  it('tells a member without skills what to do', async () => {
    mockApi({ 'GET /api/medals/progress': { body: { skills: [] } } })
    renderWithProviders(<MedalProgress username="alice" />, { user: makeUser() })
    expect(await screen.findByText(/No skills yet/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Share your badge' })).toHaveAttribute(
      'href',
      '/share-badge/alice',
    )
  })

  it('says so when it cannot load', async () => {
    mockApi({ 'GET /api/medals/progress': { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } })
    renderWithProviders(<MedalProgress username="alice" />, { user: makeUser() })
    await waitFor(() => expect(screen.getByText('Failed to load your medal progress.')).toBeInTheDocument())
  })
})

describe('onboarding in German', () => {
  it('counts medal progress and asks for a vouch in German', async () => {
    await changeLocale('de')
    mockApi({
      'GET /api/medals/progress': {
        body: {
          skills: [
            skill({}),
            skill({ skillName: 'Go', count: 85, tier: 'platinum', nextTier: null, nextThreshold: null }),
          ],
        },
      },
    })
    renderWithProviders(
      <>
        <MedalProgress username="alice" />
        <AskToVouch username="alice" />
      </>,
      { user: makeUser() },
    )
    const list = await screen.findByRole('list', { name: 'Fortschritt zur Medaille' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '7 von 10 Empfehlungen bis Bronze in #TypeScript',
      'Platin erreicht in #Go mit 85 Empfehlungen',
    ])
    expect(
      screen.getByRole('heading', { name: 'Bitte jemanden aus deinem Team um einen Vouch' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Link kopieren' })).toBeInTheDocument()
    const mail = screen.getByRole('link', { name: 'Per E-Mail fragen' }).getAttribute('href') ?? ''
    expect(decodeURIComponent(mail)).toContain('Würdest du auf Vouched für mich bürgen?')
    expect(decodeURIComponent(mail)).toContain(`Hier ist mein Profil: ${window.location.origin}/badge/alice`)
  })
})
