import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../components/layout/page-container'
import { DiscoverView } from '../../features/discovery/components/discover-view'
import { useEndorseTarget } from '../../features/discovery/hooks/use-endorse-target'
import { CreateEndorsementDialog } from '../../features/endorsements/components/create-endorsement-dialog'
import { useDocumentTitle } from '../../lib/use-document-title'

/** /discover (SPEC.md §2): search and discovery; each card's Endorse opens the endorsement dialog. */
export default function DiscoverPage() {
  const { t } = useTranslation('app')
  useDocumentTitle(t('discover.documentTitle'))
  const endorse = useEndorseTarget()
  return (
    <PageContainer>
      <DiscoverView onEndorse={endorse.onEndorse} />
      {endorse.target ? <CreateEndorsementDialog target={endorse.target} {...endorse.dialogProps} /> : null}
    </PageContainer>
  )
}
