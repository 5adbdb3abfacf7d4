import { useEffect, useState } from 'react'
import { ADMIN_PAGE_DEFAULT } from '@vouched/shared/admin.constants'
import type { AdminListParams } from '../admin.api'

const SEARCH_DELAY_MS = 300

/** Search text (applied after a short pause in typing) and page of one admin table. */
export function useAdminTable(limit = ADMIN_PAGE_DEFAULT) {
  const [search, setSearch] = useState('')
  const [q, setQ] = useState('')
  const [page, setPage] = useState(1)

  useEffect(() => {
    if (search.trim() === q) return
    const timer = setTimeout(() => {
      setQ(search.trim())
      setPage(1)
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [search, q])

  const params: AdminListParams = { q, page, limit }
  return { search, setSearch, page, setPage, params }
}

export type AdminTableState = ReturnType<typeof useAdminTable>
