import { queryOptions, useMutation } from '@tanstack/react-query'
import type { TVerifiableCredential, TVerifyResult } from '@vouched/shared/credentials'
import { api } from '../../lib/api-client'

/** What a credential of this site is about: a member's medal, or a public endorsement. */
export type TCredentialKind = 'medal' | 'vouch'

export const credentialKeys = {
  all: ['credentials'] as const,
  document: (kind: TCredentialKind, id: number) => ['credentials', kind, id] as const,
}

/** Where the signed credential JSON is served (medals to anyone, endorsements to members). */
export const credentialUrl = (kind: TCredentialKind, id: number) =>
  `/api/credentials/${kind === 'medal' ? 'medals' : 'vouches'}/${id}`

/** The verify page with this credential loaded and checked (docs/decisions/144). */
export const verifyPagePath = (kind: TCredentialKind, id: number) => `/verify?${kind}=${id}`

/** GET /api/credentials/{medals|vouches}/{id}: the signed credential, to show and check. */
export const credentialQuery = (kind: TCredentialKind, id: number) =>
  queryOptions({
    queryKey: credentialKeys.document(kind, id),
    queryFn: () => api.get<TVerifiableCredential>(credentialUrl(kind, id)),
    // Its answer is a 404 for good (anonymous, hidden, not held) or a 401 (a visitor): no retry helps.
    retry: false,
  })

/** What the verifier is given: parsed JSON (the server judges whether it is a credential), or a file. */
export type TVerifyInput = { credential: unknown } | { file: File }

/** POST /api/credentials/verify: the server checks the proof, dates and status; nothing is cached. */
export const useVerifyCredential = () =>
  useMutation({
    mutationFn: (input: TVerifyInput) =>
      'file' in input
        ? api.upload<TVerifyResult>('/api/credentials/verify', { file: input.file })
        : api.post<TVerifyResult>('/api/credentials/verify', input.credential),
  })
