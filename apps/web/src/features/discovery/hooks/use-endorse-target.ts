import type { TUserCard } from '@vouched/shared/discovery'
import { useState } from 'react'
import { useRefreshDiscovery } from '../discovery.api'

/**
 * The member a card's Endorse opened the dialog for. The page renders the endorsement dialog (a
 * feature of its own) with `dialogProps`; closing it refreshes discovery's scores and tags.
 */
export function useEndorseTarget() {
  const [target, setTarget] = useState<TUserCard | null>(null)
  const [open, setOpen] = useState(false)
  const refresh = useRefreshDiscovery()
  return {
    target,
    onEndorse: (card: TUserCard) => {
      setTarget(card)
      setOpen(true)
    },
    dialogProps: {
      open,
      onOpenChange: (next: boolean) => {
        setOpen(next)
        if (!next) void refresh()
      },
    },
  }
}
