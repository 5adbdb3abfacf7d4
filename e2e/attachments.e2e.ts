import { describe, expect, it } from 'vitest'
import { jpegWithExif, markersIn, pdfWithMetadata } from '../apps/server/test/files-with-metadata'
import { registerViaApi, useBrowser } from './support/fixtures'

/*
 * Attachments in a real browser: a member attaches a photo carrying EXIF (author, email, GPS) to an
 * anonymous endorsement; what a visitor who is not signed in downloads from the card carries none of it.
 */
const b = useBrowser()

describe('endorsement attachments', () => {
  it.each([
    ['photo.jpg', 'image/jpeg', jpegWithExif],
    ['letter.pdf', 'application/pdf', pdfWithMetadata],
  ] as const)(
    'serves %s attached through the dialog without its metadata',
    async (fileName, mimeType, make) => {
      const receiver = await b.browser.newContext()
      const bob = await registerViaApi(receiver, { fullName: 'Bob Receiver' })
      await receiver.close()
      await registerViaApi(b.context, { fullName: 'Alice Sender' })
      await b.page.goto(b.url(`/profile/${bob.username}`))
      await b.page.getByRole('button', { name: 'Endorse Bob Receiver' }).click()
      const dialog = b.page.getByRole('dialog', { name: 'Endorse Bob Receiver' })

      const original = await make()
      expect(markersIn(original).length).toBeGreaterThan(0)
      await dialog.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType, buffer: original })
      await dialog.getByText(fileName).waitFor()
      // The dialog asks for a skill or a note besides the file (docs/decisions/093).
      await dialog.getByLabel('Note (optional)').fill('Sent the proof with it')
      await dialog.getByRole('switch').click()
      await dialog.getByRole('button', { name: 'Submit endorsement' }).click()
      await b.toast('Endorsement sent').waitFor()

      const card = b.page.getByRole('article', { name: 'Endorsement from Alice Sender' })
      const link = card.getByRole('link', { name: 'View attachment' })
      await link.waitFor()
      const href = (await link.getAttribute('href'))!
      expect(href).toMatch(/^\/uploads\/[a-f0-9]{32}\.(jpg|pdf)$/)

      const visitor = await b.browser.newContext()
      try {
        const served = await visitor.request.get(b.url(href))
        expect(served.status()).toBe(200)
        expect(served.headers()['content-type']).toBe(mimeType)
        expect(markersIn(await served.body())).toEqual([])
      } finally {
        await visitor.close()
      }
    },
  )
})
