import type { TApiError } from '@vouched/shared/errors'
import { currentLocale, i18n } from './i18n/i18n'
import { sharedText } from './i18n/shared-text'

/**
 * Any non-OK answer. `message` follows SPEC.md §8: "{status}: {text}". `body` is the parsed JSON error
 * (`{message, code, field?}`) when the server sent one, so forms can place `field` errors.
 */
export class ApiError extends Error {
  readonly status: number
  readonly body: Partial<TApiError> | undefined

  constructor(status: number, text: string, body: Partial<TApiError> | undefined) {
    super(`${status}: ${text}`)
    this.name = 'ApiError'
    this.status = status
    this.body = body
  }

  get code() {
    return this.body?.code
  }

  get field() {
    return this.body?.field
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError

/** The server's human message (for toast descriptions), else the error's own message. */
export function errorMessage(error: unknown, fallback = i18n.t('common:errors.generic')): string {
  if (error instanceof ApiError) return error.body?.message ? sharedText(error.body.message) : fallback
  if (error instanceof Error && error.message) return error.message
  return fallback
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

async function request<T>(method: Method, url: string, body?: unknown, init?: RequestInit): Promise<T> {
  const headers = new Headers(init?.headers)
  headers.set('Accept', 'application/json')
  // The server answers (errors, messages) in the app's language.
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', currentLocale())
  let payload: BodyInit | undefined
  if (body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    payload = body
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json')
    payload = JSON.stringify(body)
  }

  const response = await fetch(url, { ...init, method, headers, body: payload, credentials: 'include' })
  if (!response.ok) {
    const text = (await response.text().catch(() => '')) || response.statusText
    throw new ApiError(response.status, text, parseErrorBody(text))
  }
  if (response.status === 204) return undefined as T
  const text = await response.text()
  if (!text) return undefined as T
  const type = response.headers.get('content-type') ?? ''
  return (type.includes('json') ? JSON.parse(text) : text) as T
}

function parseErrorBody(text: string): Partial<TApiError> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    if (!value || typeof value !== 'object') return undefined
    const { message, code, field } = value as Record<string, unknown>
    return {
      ...(typeof message === 'string' ? { message } : {}),
      ...(typeof code === 'string' ? { code } : {}),
      ...(typeof field === 'string' ? { field } : {}),
    }
  } catch {
    return undefined
  }
}

/** The one way the client talks to the API (SPEC.md §7): credentials always, JSON or multipart bodies. */
export const api = {
  get: <T>(url: string, init?: RequestInit) => request<T>('GET', url, undefined, init),
  post: <T>(url: string, body?: unknown, init?: RequestInit) => request<T>('POST', url, body, init),
  patch: <T>(url: string, body?: unknown, init?: RequestInit) => request<T>('PATCH', url, body, init),
  put: <T>(url: string, body?: unknown, init?: RequestInit) => request<T>('PUT', url, body, init),
  delete: <T>(url: string, body?: unknown, init?: RequestInit) => request<T>('DELETE', url, body, init),
  /** Multipart upload: `fields` become form fields, `File`/`Blob` values become files. */
  upload: <T>(url: string, fields: FormData | Record<string, string | Blob>, init?: RequestInit) => {
    const form = fields instanceof FormData ? fields : toFormData(fields)
    return request<T>('POST', url, form, init)
  },
}

function toFormData(fields: Record<string, string | Blob>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  return form
}
