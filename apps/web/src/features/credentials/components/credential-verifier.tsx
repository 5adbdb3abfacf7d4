import { Trans, useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { CREDENTIAL_MESSAGES, VERIFY_MAX_BYTES } from '@vouched/shared/credentials'
import { AlertCircleIcon, DownloadIcon, FileUpIcon, Loader2Icon, ShieldCheckIcon } from 'lucide-react'
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react'
import { Link, useLocation } from 'react-router'
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert'
import { Button, buttonVariants } from '../../../components/ui/button'
import { Label } from '../../../components/ui/label'
import { Textarea } from '../../../components/ui/textarea'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { signInPath } from '../../../lib/next-path'
import {
  credentialQuery,
  credentialUrl,
  useVerifyCredential,
  type TCredentialKind,
  type TVerifyInput,
} from '../credentials.api'
import { VerificationResult } from './verification-result'
import { useSharedText } from '../../../lib/i18n/shared-text'

const ACCEPTED_FILES = '.png,.svg,.json,image/png,image/svg+xml,application/json'

/**
 * The verifier (issue 26): drop or choose a badge PNG or SVG (or a credential file), or paste a
 * credential's JSON; the server checks it and the answer shows below. With `preset`, the credential of
 * that medal or endorsement is loaded into the box and checked at once (the "Verifiable" chips).
 */
export function CredentialVerifier({ preset }: { preset?: { kind: TCredentialKind; id: number } }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('credentials')
  const verify = useVerifyCredential()
  const location = useLocation()
  const [text, setText] = useState('')
  /** What is wrong with the pasted text (shown under it) or the chosen file, before any request. */
  const [pasteError, setPasteError] = useState<string | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [fileName, setFileName] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)
  const fileInputId = useId()
  const textId = useId()
  const textErrorId = useId()

  const presetCredential = useQuery({
    ...credentialQuery(preset?.kind ?? 'medal', preset?.id ?? 0),
    enabled: preset !== undefined,
  })

  const run = (input: TVerifyInput) => {
    setPasteError(null)
    setFileError(null)
    verify.mutate(input)
  }

  // The chip's credential, once loaded: shown in the box (to read or copy) and checked, once.
  const checked = useRef<unknown>(null)
  const { mutate } = verify
  useEffect(() => {
    const credential = presetCredential.data
    if (!credential || checked.current === credential) return
    checked.current = credential
    setText(JSON.stringify(credential, null, 2))
    setFileName(null)
    setPasteError(null)
    setFileError(null)
    mutate({ credential })
  }, [presetCredential.data, mutate])

  const checkFile = (file: File | undefined) => {
    if (!file) return
    setFileName(file.name)
    // The server refuses it too (413); a file that large need not travel first.
    if (file.size > VERIFY_MAX_BYTES) {
      verify.reset()
      setPasteError(null)
      setFileError(sharedText(CREDENTIAL_MESSAGES.tooLarge))
      return
    }
    run({ file })
  }

  const checkText = (event: FormEvent) => {
    event.preventDefault()
    setFileName(null)
    let credential: unknown
    try {
      credential = JSON.parse(text)
    } catch {
      verify.reset()
      setFileError(null)
      setPasteError(sharedText(CREDENTIAL_MESSAGES.notJson))
      return
    }
    // Any JSON goes: the server says what is wrong with one that is not a credential.
    run({ credential })
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    checkFile(event.dataTransfer.files[0])
  }

  const error = fileError ?? (verify.isError ? errorMessage(verify.error) : null)

  // The answer is under the inputs: on a phone it would arrive out of sight.
  const answer = useRef<HTMLDivElement>(null)
  const answered = verify.data ?? error
  useEffect(() => {
    if (answered) answer.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' })
  }, [answered])

  return (
    <div className="grid gap-6">
      {preset && presetCredential.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertCircleIcon aria-hidden />
          <AlertTitle>{t('verifier.loadFailed')}</AlertTitle>
          <AlertDescription>
            <p>{errorMessage(presetCredential.error)}</p>
            {/* Endorsements' credentials are for members; a visitor can sign in and come back. */}
            {isApiError(presetCredential.error) && presetCredential.error.status === 401 ? (
              <Link
                to={signInPath(`${location.pathname}${location.search}`)}
                className="font-medium underline underline-offset-2"
              >
                {t('verifier.signIn')}
              </Link>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}

      <div
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={(event) => {
          // Moving over the zone's own text or button is not leaving it.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
        }}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed bg-muted/30 px-4 py-6 text-center transition-colors',
          dragging && 'border-primary bg-accent/60',
        )}
      >
        <FileUpIcon className="size-8 text-muted-foreground" aria-hidden />
        <p className="text-sm">
          <Trans
            t={t}
            i18nKey="verifier.drop"
            components={{
              strong: <span className="font-medium" />,
              muted: <span className="text-muted-foreground" />,
            }}
          />
        </p>
        <input
          id={fileInputId}
          type="file"
          accept={ACCEPTED_FILES}
          className="peer sr-only"
          onChange={(event) => {
            checkFile(event.target.files?.[0])
            event.target.value = ''
          }}
        />
        <label
          htmlFor={fileInputId}
          className={cn(
            buttonVariants({ variant: 'outline' }),
            'cursor-pointer peer-focus-visible:border-ring peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50',
          )}
        >
          {t('verifier.choose')}
        </label>
        {fileName ? (
          <p className="max-w-full truncate text-xs text-muted-foreground">
            {t('verifier.checkedFile', { name: fileName })}
          </p>
        ) : null}
      </div>

      <div
        className="flex items-center gap-3 text-xs font-medium text-muted-foreground uppercase"
        aria-hidden
      >
        <span className="h-px flex-1 bg-border" />
        {t('verifier.or')}
        <span className="h-px flex-1 bg-border" />
      </div>

      <form onSubmit={checkText} className="grid gap-2" noValidate>
        <div className="flex flex-wrap items-end justify-between gap-2">
          <Label htmlFor={textId}>{t('verifier.paste')}</Label>
          {preset && presetCredential.data ? (
            <a
              href={credentialUrl(preset.kind, preset.id)}
              download={`vouched-${preset.kind}-${preset.id}-credential.json`}
              className="inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline"
            >
              <DownloadIcon className="size-3.5" aria-hidden />
              {t('verifier.download')}
            </a>
          ) : null}
        </div>
        <Textarea
          id={textId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder='{ "@context": ["https://www.w3.org/ns/credentials/v2", …], "type": …, "proof": … }'
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          aria-invalid={pasteError ? true : undefined}
          aria-describedby={pasteError ? textErrorId : undefined}
          className="min-h-40 font-mono text-xs md:text-xs"
        />
        {pasteError ? (
          <p id={textErrorId} className="text-sm text-destructive">
            {pasteError}
          </p>
        ) : null}
        <Button type="submit" className="justify-self-start" disabled={!text.trim() || verify.isPending}>
          {verify.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden />
          ) : (
            <ShieldCheckIcon aria-hidden />
          )}
          {verify.isPending ? t('verifier.checking') : t('verifier.verify')}
        </Button>
      </form>

      <div ref={answer} aria-live="polite" className="grid scroll-mt-4">
        {verify.isPending || (preset && presetCredential.isPending) ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2Icon className="size-4 animate-spin" aria-hidden />
            {t('verifier.checkingCredential')}
          </p>
        ) : error ? (
          <Alert variant="destructive" role="alert">
            <AlertCircleIcon aria-hidden />
            <AlertTitle>{t('verifier.failed')}</AlertTitle>
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : verify.data ? (
          <VerificationResult result={verify.data} />
        ) : null}
      </div>
    </div>
  )
}
