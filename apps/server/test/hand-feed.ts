import type { FeedTopic, IdentityChange, IdentityFeed } from '../src/core/identity-feed'

/**
 * An identity feed told by hand: what a cache does before and after each word of the database is
 * seen, one step at a time.
 */
export function handFeed() {
  const subscribers: Record<FeedTopic, ((change: IdentityChange) => void)[]> = { identity: [], received: [] }
  let live = true
  const feed: IdentityFeed = {
    started: Promise.resolve(),
    ensureStarted: () => Promise.resolve(),
    live: () => live,
    subscribe: (onChange, topic = 'identity') => void subscribers[topic].push(onChange),
    announce: (userId) => subscribers.identity.forEach((onChange) => onChange([userId])),
    close: async () => {},
  }
  return {
    feed,
    tell: (change: IdentityChange, topic: FeedTopic = 'identity') =>
      subscribers[topic].forEach((onChange) => onChange(change)),
    setLive: (value: boolean) => void (live = value),
  }
}
