import { DownloadIcon } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { EXPORT_URL } from '../account.api'

/** Download my data: the browser saves the JSON archive under the server's file name. */
export function DataExport() {
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        A JSON file with your profile, endorsements given and received, comments, likes, connections and
        requests, conversations and messages, notifications, reports, blocks and uploads, and the signed
        credentials of your medals and public endorsements (Open Badges 3.0, to carry elsewhere). Other
        members appear by name only; who gave you an anonymous endorsement stays anonymous.
      </p>
      <Button asChild variant="outline" className="justify-self-start">
        <a href={EXPORT_URL} download>
          <DownloadIcon aria-hidden />
          Download my data
        </a>
      </Button>
    </div>
  )
}
