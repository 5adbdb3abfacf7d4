import type { TConnection, TConnectionRequest } from '@vouched/shared/connections'

/** Test data in the API's read shapes. */
let nextId = 100

export function makeRequest(overrides: Partial<TConnectionRequest> = {}): TConnectionRequest {
  const id = nextId++
  const from = {
    id: id + 1000,
    username: `bob${id}`,
    fullName: 'Bob Stone',
    profilePicture: null,
    isVerified: false,
  }
  const to = { id: 1, username: 'alice', fullName: 'Alice Martin', profilePicture: null, isVerified: false }
  return {
    id,
    fromUserId: from.id,
    toUserId: to.id,
    status: 'pending',
    message: null,
    createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    updatedAt: new Date().toISOString(),
    fromUser: from,
    toUser: to,
    fromUsername: from.username,
    fromFullName: from.fullName,
    fromProfilePicture: from.profilePicture,
    ...overrides,
  }
}

export function makeConnection(overrides: Partial<TConnection> = {}): TConnection {
  const id = nextId++
  return {
    id,
    username: `carol${id}`,
    fullName: 'Carol Diaz',
    profilePicture: null,
    isVerified: false,
    reputationScore: 0,
    title: null,
    connectedAt: new Date().toISOString(),
    ...overrides,
  }
}
