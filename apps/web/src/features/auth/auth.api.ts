import { useMutation } from '@tanstack/react-query'
import type { TForgotPasswordBody, TMessage, TResetPasswordBody } from '@vouched/shared/auth'
import { api } from '../../lib/api-client'

/*
 * Sign-in, registration and sign-out live in lib/session.ts because the whole app reads the session.
 * The password screens' calls are auth-only, so they live here.
 */

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: TForgotPasswordBody) => api.post<TMessage>('/api/auth/request-password-reset', body),
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: TResetPasswordBody) => api.post<TMessage>('/api/auth/reset-password', body),
  })
}
