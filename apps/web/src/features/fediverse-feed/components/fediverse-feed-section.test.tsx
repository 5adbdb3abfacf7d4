import { screen, within } from '@testing-library/react'
import type { TFediverseFeed } from '@vouched/shared/fediverse-following'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { FediverseFeedSection } from './fediverse-feed-section'

const post = (id: number, extra: Partial<TFediverseFeed['items'][number]> = {}) => ({
  id,
  author: {
    handle: '@dora@vouched.example',
    name: 'Dora Remote',
    avatarUrl: null,
    url: 'https://vouched.example/profile/dora',
  },
  text: `Post ${id}`,
  url: `https://vouched.example/notes/${id}`,
  published: '2026-11-20T10:00:00.000Z',
  isVouch: false,
  ...extra,
})

describe('FediverseFeedSection', () => {
  it('lists the posts as text, marks vouches, and loads the next page', async () => {
    const fetchMock = mockApi({
      'GET /api/federation/feed': ({ url }) =>
        new URL(url, 'http://localhost').searchParams.get('cursor') === 'next'
          ? { body: { items: [post(1)], nextCursor: null } }
          : {
              body: {
                items: [
                  post(3, { text: 'Vouched for Eli in Teamwork', isVouch: true }),
                  post(2, { text: '<script>alert(1)</script>' }),
                ],
                nextCursor: 'next',
              },
            },
    })
    const { user } = renderWithProviders(<FediverseFeedSection />, { user: makeUser() })
    const section = await screen.findByRole('region', { name: 'From the fediverse' })
    const items = await within(section).findAllByRole('article')
    expect(items).toHaveLength(2)
    expect(within(items[0]!).getByText('Vouched for Eli in Teamwork')).toBeInTheDocument()
    expect(within(items[0]!).getByText('Vouch')).toBeInTheDocument()
    expect(within(items[0]!).getByRole('link', { name: 'Dora Remote' })).toHaveAttribute(
      'href',
      'https://vouched.example/profile/dora',
    )
    // Remote text is text: the markup is shown, never run.
    expect(within(items[1]!).getByText('<script>alert(1)</script>')).toBeInTheDocument()
    expect(within(items[1]!).queryByText('Vouch')).not.toBeInTheDocument()

    await user.click(within(section).getByRole('button', { name: 'Show more' }))
    expect(await within(section).findByText('Post 1')).toBeInTheDocument()
    expect(within(section).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('says how to fill it when it is empty', async () => {
    mockApi({ 'GET /api/federation/feed': { body: { items: [], nextCursor: null } } })
    renderWithProviders(<FediverseFeedSection />, { user: makeUser() })
    expect(
      await screen.findByText(/Type a fediverse handle such as @name@example.social/),
    ).toBeInTheDocument()
  })

  it('speaks German', async () => {
    await changeLocale('de')
    mockApi({
      'GET /api/federation/feed': { body: { items: [post(4, { isVouch: true })], nextCursor: null } },
    })
    renderWithProviders(<FediverseFeedSection />, { user: makeUser() })
    const section = await screen.findByRole('region', { name: 'Aus dem Fediverse' })
    expect(await within(section).findByText('Empfehlung')).toBeInTheDocument()
  })
})
