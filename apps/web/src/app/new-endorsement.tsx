import type { TSuggestedUser } from '@vouched/shared/discovery'
import { PlusIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../components/ui/button'
import { keepEscapeForOpenCombobox } from '../components/ui/combobox'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog'
import { PersonPicker } from '../features/discovery/components/person-picker'
import { useRefreshDiscovery } from '../features/discovery/discovery.api'
import { CreateEndorsementDialog } from '../features/endorsements/components/create-endorsement-dialog'
import { NEW_ENDORSEMENT_EVENT, openNewEndorsement } from '../lib/shortcuts'

/** The top bar's Create Endorsement button. */
export function CreateEndorsementButton({ className }: { className?: string }) {
  const { t } = useTranslation('app')
  return (
    <Button size="sm" className={className} onClick={openNewEndorsement}>
      <PlusIcon aria-hidden />
      {t('newEndorsement.button')}
    </Button>
  )
}

/**
 * The picker and the endorsement dialog it leads to, mounted once with the signed-in top bar. The
 * discovery and endorsements features meet here, as features never import each other.
 */
export function NewEndorsementHost() {
  const { t } = useTranslation('app')
  const [picking, setPicking] = useState(false)
  const [target, setTarget] = useState<TSuggestedUser | null>(null)
  const [endorsing, setEndorsing] = useState(false)
  const refresh = useRefreshDiscovery()
  // The control that asked for the picker (Create Endorsement, or whatever had focus for the "n" key):
  // focus goes back to it when the endorsement dialog the pick leads to closes. Set on a pick, so the
  // picker closing hands focus on to that dialog rather than back to the opener.
  const openerRef = useRef<HTMLElement | null>(null)
  const pickedRef = useRef(false)

  useEffect(() => {
    const open = () => {
      const active = document.activeElement
      openerRef.current = active instanceof HTMLElement && active !== document.body ? active : null
      pickedRef.current = false
      setEndorsing(false)
      setPicking(true)
    }
    window.addEventListener(NEW_ENDORSEMENT_EVENT, open)
    return () => window.removeEventListener(NEW_ENDORSEMENT_EVENT, open)
  }, [])

  return (
    <>
      <Dialog open={picking} onOpenChange={setPicking}>
        <DialogContent
          className="top-[10dvh] translate-y-0 sm:max-w-md"
          onEscapeKeyDown={keepEscapeForOpenCombobox}
          onCloseAutoFocus={(event) => {
            if (pickedRef.current) event.preventDefault()
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('newEndorsement.title')}</DialogTitle>
            <DialogDescription>{t('newEndorsement.description')}</DialogDescription>
          </DialogHeader>
          {picking ? (
            <PersonPicker
              onPick={(user) => {
                pickedRef.current = true
                setTarget(user)
                setPicking(false)
                setEndorsing(true)
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
      {target ? (
        <CreateEndorsementDialog
          target={target}
          open={endorsing}
          onCloseAutoFocus={(event) => {
            const opener = openerRef.current
            if (!opener?.isConnected) return
            event.preventDefault()
            opener.focus()
          }}
          onOpenChange={(next) => {
            setEndorsing(next)
            // Scores and tags on discovery's cards move with a new endorsement.
            if (!next) void refresh()
          }}
        />
      ) : null}
    </>
  )
}
