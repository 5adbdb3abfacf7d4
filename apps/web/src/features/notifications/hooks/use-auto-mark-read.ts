import { NOTIFICATION_AUTO_READ_MS } from '@vouched/shared/notifications.constants'
import { useEffect, useRef } from 'react'

/**
 * SPEC.md §4: opening the dropdown while unread notifications exist marks all as read after 3 seconds;
 * the timer is cancelled if the dropdown closes or the unread count changes (a change starts a new one).
 */
export function useAutoMarkRead(open: boolean, unreadCount: number, markAllRead: () => void) {
  const latest = useRef(markAllRead)
  useEffect(() => {
    latest.current = markAllRead
  })
  useEffect(() => {
    if (!open || unreadCount <= 0) return
    const timer = setTimeout(() => latest.current(), NOTIFICATION_AUTO_READ_MS)
    return () => clearTimeout(timer)
  }, [open, unreadCount])
}
