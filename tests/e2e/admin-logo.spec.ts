import { deflateSync } from 'node:zlib'
import { expect, test } from '#tests/journeys/fixtures.ts'

test.use({ signedInRole: 'admin' })

/** A solid-colour PNG of `size`×`size` pixels, built by hand (signature, IHDR, IDAT, IEND). */
const solidPng = (size: number, [r, g, b]: [number, number, number]): Buffer => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([length, body, sum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bit, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

test('replaces the app logo, which then shows in the shell', async ({ page }) => {
  await page.goto('/admin?tab=logo')
  const section = page.getByRole('tabpanel')
  await expect(section.getByText('vereinsportal-logo.svg')).toBeVisible()
  const shellLogo = page.getByRole('banner').getByRole('link', { name: 'Vereinsportal' }).getByTestId('app-logo-image')
  await expect(shellLogo).toBeVisible()
  const before = await shellLogo.getAttribute('src')

  // A file that is not an image is refused before anything is uploaded.
  await section
    .getByLabel('Bilddatei')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('kein Bild') })
  await expect(section.getByText('Der Inhalt der Datei passt nicht zu ihrer Endung.', { exact: false })).toBeVisible()

  await section
    .getByLabel('Bilddatei')
    .setInputFiles({ name: 'neues-logo.png', mimeType: 'image/png', buffer: solidPng(64, [220, 38, 38]) })
  await expect(section.getByRole('img', { name: 'Vorschau des neuen Logos' })).toBeVisible()
  await section.getByRole('button', { name: 'Als neues Logo speichern' }).click()
  await expect(page.getByText('Das Logo wurde gespeichert und erscheint jetzt im Portal.')).toBeVisible()
  await expect(section.getByText('neues-logo.png')).toBeVisible()

  await expect(shellLogo).not.toHaveAttribute('src', before ?? '')
  await expect.poll(() => shellLogo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64)

  // It stays after a reload, on every page, including the public start page.
  await page.goto('/')
  const startLogo = page.getByRole('banner').getByTestId('app-logo-image')
  await expect.poll(() => startLogo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64)

  // Removing it asks first and brings back the default mark.
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Administration' }).click()
  await page.getByRole('tab', { name: 'App-Logo' }).click()
  await page.getByRole('button', { name: 'Logo entfernen' }).click()
  await page.getByRole('dialog', { name: 'Logo entfernen?' }).getByRole('button', { name: 'Logo entfernen' }).click()
  await expect(page.getByText('Das Logo wurde entfernt.')).toBeVisible()
  await expect(page.getByText('Es ist kein Logo hinterlegt.')).toBeVisible()
  await expect(page.getByRole('banner').getByTestId('app-logo-image')).toHaveCount(0)
})
