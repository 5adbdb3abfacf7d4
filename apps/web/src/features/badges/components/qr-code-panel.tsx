import { QR_ERROR_CORRECTION, QR_SIZE } from '@vouched/shared/badges'
import { DownloadIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { svgDataUrl, useQrCodeSvg } from '../../../lib/use-qr-code-svg'
import { downloadFile } from '../badge-share'

/** The profile URL as a QR code (level H, 200 px, SPEC.md §9), drawn as SVG by the `qrcode` package. */
export function QrCodePanel({ url, username }: { url: string; username: string }) {
  const { t } = useTranslation('badges')
  const current = useQrCodeSvg(url, {
    size: QR_SIZE,
    errorCorrectionLevel: QR_ERROR_CORRECTION,
    margin: 2,
  })
  return (
    <div className="flex flex-col items-center gap-4 py-2 text-center">
      <div className="rounded-xl border bg-white p-3 shadow-sm">
        {current ? (
          <img
            src={svgDataUrl(current)}
            width={QR_SIZE}
            height={QR_SIZE}
            alt={t('qr.alt', { url })}
            data-testid="qr-code"
          />
        ) : (
          <Skeleton className="size-[200px]" />
        )}
      </div>
      <p className="max-w-sm text-sm text-muted-foreground">{t('qr.hint', { username })}</p>
      <Button
        variant="outline"
        disabled={!current}
        onClick={() => {
          if (!current) return
          try {
            downloadFile(current, `${username}-vouched-qr.svg`, 'image/svg+xml')
          } catch {
            toast({
              title: t('qr.downloadFailed'),
              description: t('qr.downloadFailedDescription'),
              variant: 'destructive',
            })
          }
        }}
      >
        <DownloadIcon aria-hidden />
        {t('qr.download')}
      </Button>
    </div>
  )
}
