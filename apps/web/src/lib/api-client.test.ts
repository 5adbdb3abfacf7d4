import { afterEach, describe, expect, it, vi } from 'vitest'
import { ACCOUNT_MESSAGES } from '@vouched/shared/account.constants'
import { api, ApiError, errorMessage } from './api-client'
import { changeLocale } from './i18n/i18n'

type Call = [string, RequestInit]
const stubFetch = (response: Response) => {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => response)
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}
const lastCall = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.at(-1) as Call

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('api client', () => {
  it('sends credentials and no body or content type when there is no body', async () => {
    const fetchMock = stubFetch(Response.json({ success: true }))
    await expect(api.post('/api/logout')).resolves.toEqual({ success: true })
    const [url, init] = lastCall(fetchMock)
    expect(url).toBe('/api/logout')
    expect(init.method).toBe('POST')
    expect(init.credentials).toBe('include')
    expect(init.body).toBeUndefined()
    expect(new Headers(init.headers).has('Content-Type')).toBe(false)
  })

  it('sends a JSON body with its content type when a body exists', async () => {
    const fetchMock = stubFetch(Response.json({ id: 1 }))
    await api.patch('/api/users/1/profile', { fullName: 'Ada Lovelace' })
    const [, init] = lastCall(fetchMock)
    expect(init.method).toBe('PATCH')
    expect(init.body).toBe('{"fullName":"Ada Lovelace"}')
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json')
  })

  it('uploads multipart form data and lets the browser set the boundary', async () => {
    const fetchMock = stubFetch(Response.json({ ok: 1 }))
    const file = new File(['png'], 'me.png', { type: 'image/png' })
    await api.upload('/api/users/1/profile-picture', { profilePicture: file })
    const [, init] = lastCall(fetchMock)
    expect(init.body).toBeInstanceOf(FormData)
    expect((init.body as FormData).get('profilePicture')).toBeInstanceOf(File)
    expect(new Headers(init.headers).has('Content-Type')).toBe(false)
    expect(init.credentials).toBe('include')
  })

  it('turns a non-OK answer into "{status}: {text}" with the parsed body', async () => {
    const body = { message: 'This username is already taken', code: 'USERNAME_TAKEN', field: 'username' }
    stubFetch(
      new Response(JSON.stringify(body), { status: 409, headers: { 'Content-Type': 'application/json' } }),
    )
    const error = await api.post('/api/register', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    const apiError = error as ApiError
    expect(apiError.message).toBe(`409: ${JSON.stringify(body)}`)
    expect(apiError.status).toBe(409)
    expect(apiError.body).toEqual(body)
    expect(apiError.field).toBe('username')
    expect(apiError.code).toBe('USERNAME_TAKEN')
    expect(errorMessage(apiError)).toBe('This username is already taken')
  })

  it('uses the status text when the error answer is empty', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }))
    const error = (await api.get('/api/health').catch((e: unknown) => e)) as ApiError
    expect(error.message).toBe('503: Service Unavailable')
    expect(error.body).toBeUndefined()
    expect(errorMessage(error, 'Fallback')).toBe('Fallback')
  })

  it('keeps a plain-text error answer as the text', async () => {
    stubFetch(new Response('Bad Gateway from proxy', { status: 502, statusText: 'Bad Gateway' }))
    const error = (await api.get('/api/x').catch((e: unknown) => e)) as ApiError
    expect(error.message).toBe('502: Bad Gateway from proxy')
  })

  it('resolves undefined for an empty success answer', async () => {
    stubFetch(new Response(null, { status: 204 }))
    await expect(api.delete('/api/comments/1')).resolves.toBeUndefined()
  })

  it('errorMessage falls back for unknown values and uses an Error message otherwise', () => {
    expect(errorMessage('nope', 'Fallback')).toBe('Fallback')
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch')
  })
})

describe("api client in the app's language", () => {
  it("asks the server to answer in the app's language on every request", async () => {
    const english = stubFetch(Response.json({ ok: 1 }))
    await api.get('/api/account/settings')
    expect(new Headers(lastCall(english)[1].headers).get('Accept-Language')).toBe('en')
    await changeLocale('de')
    const german = stubFetch(Response.json({ ok: 1 }))
    await api.patch('/api/account/settings', { locale: 'de' })
    expect(new Headers(lastCall(german)[1].headers).get('Accept-Language')).toBe('de')
  })

  it('shows a shared English message from the server in German', async () => {
    const error = new ApiError(400, '{}', { message: ACCOUNT_MESSAGES.passwordWrong, code: 'INVALID' })
    expect(errorMessage(error)).toBe('Incorrect password')
    await changeLocale('de')
    expect(errorMessage(error)).not.toBe('Incorrect password')
    expect(errorMessage(error)).toMatch(/Passwort/)
  })
})
