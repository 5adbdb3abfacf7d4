import type { TEndorsementRequest } from '@vouched/shared/endorsement-requests'

const member = (id: number, username: string, fullName: string) => ({
  id,
  username,
  fullName,
  profilePicture: null,
  isVerified: false,
})

export const ANA = member(2, 'ana', 'Ana Lee')
export const ME = member(1, 'alice', 'Alice Martin')

/** A request from Ana to the signed-in member (id 1); override what the test cares about. */
export function makeEndorsementRequest(overrides: Partial<TEndorsementRequest> = {}): TEndorsementRequest {
  return {
    id: 11,
    fromUser: ANA,
    toUser: ME,
    hashtags: ['TypeScript', 'Mentoring'],
    category: 'Leadership',
    message: 'For the migration we led together',
    status: 'open',
    vouchId: null,
    createdAt: new Date().toISOString(),
    answeredAt: null,
    ...overrides,
  }
}
