import { describe, expect, it } from 'vitest'
import { badgeText, countedName } from './count-badge'

describe('count badges', () => {
  it('caps the bubble at 9+', () => {
    expect(badgeText(1)).toBe('1')
    expect(badgeText(9)).toBe('9')
    expect(badgeText(10)).toBe('9+')
  })

  it('names the control with the count as the bubble shows it', () => {
    expect(countedName('Notifications', 0, 'unread')).toBe('Notifications')
    expect(countedName('Notifications', 4, 'unread')).toBe('Notifications, 4 unread')
    expect(countedName('Connection Requests', 12, 'pending')).toBe('Connection Requests, 9+ pending')
  })
})
