import type { TBadgeEmbed } from '@vouched/shared/badges'
import { CodeIcon, QrCodeIcon, Share2Icon } from 'lucide-react'
import { Trans, useTranslation } from 'react-i18next'
import { Card, CardContent } from '../../../components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard'
import { CopyField } from './copy-field'
import { QrCodePanel } from './qr-code-panel'
import { SocialShare } from './social-share'

type ShareTabsProps = {
  username: string
  embed: TBadgeEmbed
  shareText: string
  shareSubject: string
}

/** SPEC.md §2 tabs: Social Platforms, Embed Code, QR Code. */
export function ShareTabs({ username, embed, shareText, shareSubject }: ShareTabsProps) {
  const { t } = useTranslation('badges')
  const { copiedKey, copy } = useCopyToClipboard()
  const fields = [
    { key: 'html', label: t('tabs.htmlSnippet'), value: embed.embedCode, multiline: true },
    { key: 'image', label: t('tabs.imageUrl'), value: embed.badgeUrl },
    { key: 'profile', label: t('tabs.profileLink'), value: embed.profileUrl },
  ]
  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <Tabs defaultValue="social">
          <TabsList className="w-full">
            <TabsTrigger value="social">
              <Share2Icon aria-hidden />
              <span>
                <Trans
                  t={t}
                  i18nKey="tabs.social"
                  components={{ wide: <span className="hidden sm:inline" /> }}
                />
              </span>
            </TabsTrigger>
            <TabsTrigger value="embed">
              <CodeIcon aria-hidden />
              {t('tabs.embed')}
            </TabsTrigger>
            <TabsTrigger value="qr">
              <QrCodeIcon aria-hidden />
              {t('tabs.qr')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="social">
            <SocialShare url={embed.badgePageUrl} text={shareText} subject={shareSubject} />
          </TabsContent>
          <TabsContent value="embed" className="flex flex-col gap-5">
            <p className="text-sm text-muted-foreground">{t('tabs.embedHint')}</p>
            {fields.map((field) => (
              <CopyField
                key={field.key}
                label={field.label}
                value={field.value}
                multiline={field.multiline}
                copied={copiedKey === field.key}
                onCopy={() => void copy(field.key, field.value)}
              />
            ))}
          </TabsContent>
          <TabsContent value="qr">
            <QrCodePanel url={embed.profileUrl} username={username} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  )
}
