import QRCode, { type QRCodeErrorCorrectionLevel } from 'qrcode'
import { useEffect, useState } from 'react'

/**
 * A text drawn as a QR code in SVG by the `qrcode` package, or null while it is drawn (or if it could
 * not be). Markup drawn for an earlier text is never returned for a newer one.
 */
export function useQrCodeSvg(
  text: string,
  {
    size,
    errorCorrectionLevel,
    margin,
  }: { size: number; errorCorrectionLevel: QRCodeErrorCorrectionLevel; margin: number },
): string | null {
  const [svg, setSvg] = useState<{ text: string; markup: string } | null>(null)
  useEffect(() => {
    let active = true
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel, width: size, margin })
      .then((markup) => {
        if (active) setSvg({ text, markup })
      })
      .catch(() => {
        if (active) setSvg(null)
      })
    return () => {
      active = false
    }
  }, [text, size, errorCorrectionLevel, margin])
  return svg?.text === text ? svg.markup : null
}

/** An SVG's markup as a data URL an <img> can show. */
export const svgDataUrl = (markup: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`
