import { describe, expect, it } from 'vitest'
import { registerViaApi, useBrowser } from './support/fixtures'

const b = useBrowser()
const pathname = () => new URL(b.page.url()).pathname

describe('redirects', () => {
  it.each([
    ['/', '/auth'],
    ['/discover', '/auth?next=%2Fdiscover'],
    ['/connections', '/auth?next=%2Fconnections'],
    ['/profile/someone', '/auth?next=%2Fprofile%2Fsomeone'],
    ['/admin', '/auth?next=%2Fadmin'],
  ])('sends a visitor on %s to %s (back there after signing in)', async (route, target) => {
    await b.page.goto(b.url(route))
    await b.page.waitForURL(b.url(target))
    await b.page.getByRole('tab', { name: 'Login' }).waitFor()
    expect(await b.page.getByRole('banner').count()).toBe(0)
  })

  it.each(['/auth', '/forgot-password', '/reset-password?token=x&email=a%40b.co'])(
    'sends a signed-in member on %s to /',
    async (route) => {
      await registerViaApi(b.context)
      await b.page.goto(b.url(route))
      await b.page.waitForURL(b.url('/'))
      await b.page.getByRole('navigation', { name: 'Main' }).waitFor()
    },
  )

  it('sends a member who is not an admin from /admin to /', async () => {
    await registerViaApi(b.context)
    await b.page.goto(b.url('/admin'))
    await b.page.waitForURL(b.url('/'))
    expect(pathname()).toBe('/')
  })

  it('lets a visitor open a public badge page', async () => {
    await b.page.goto(b.url('/badge/someone'))
    await b.page.getByRole('heading', { level: 1 }).waitFor()
    expect(pathname()).toBe('/badge/someone')
  })

  it('lets a visitor open the verify page, from a public badge page too', async () => {
    await b.page.goto(b.url('/badge/someone'))
    await b.page.getByRole('link', { name: 'Verify a badge' }).click()
    await b.page.getByRole('heading', { level: 1, name: 'Verify a credential' }).waitFor()
    expect(pathname()).toBe('/verify')
    await b.page.goto(b.url('/verify?medal=1'))
    await b.page.getByRole('heading', { level: 1, name: 'Verify a credential' }).waitFor()
    expect(pathname()).toBe('/verify')
  })
})

describe('top bar', () => {
  it('searches from the top bar and highlights the current page', async () => {
    await registerViaApi(b.context)
    await b.page.goto(b.url('/'))
    const search = b.page.getByRole('combobox', { name: 'Search users or tags' }).first()
    await search.fill('   ')
    await search.press('Enter')
    expect(pathname()).toBe('/')
    await search.fill('  design systems ')
    await search.press('Enter')
    await b.page.waitForURL((url) => url.pathname === '/discover')
    const url = new URL(b.page.url())
    expect(url.searchParams.get('q')).toBe('design systems')
    expect(url.searchParams.get('sort')).toBe('reputation')
    const nav = b.page.getByRole('navigation', { name: 'Main' })
    // The lazy Discover page may still be loading when the URL changes: wait for the highlight.
    await expect
      .poll(() => nav.getByRole('link', { name: 'Discover' }).getAttribute('aria-current'))
      .toBe('page')
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull()
  })
})

describe('not found', () => {
  it('shows the 404 page for an unknown path', async () => {
    const response = await b.page.goto(b.url('/this/does/not/exist'))
    expect(response?.status()).toBe(200)
    await b.page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor()
    await b.page.getByRole('link', { name: 'Discover people' }).waitFor()
    expect(await b.page.getByText(/Did you forget/).count()).toBe(0)
  })

  it('answers JSON 404 for an unknown API path', async () => {
    const response = await b.context.request.get(b.url('/api/does-not-exist'))
    expect(response.status()).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' })
  })
})
