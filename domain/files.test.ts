/**
 * Files the backend keeps, on every store: who may upload where, the content check by magic bytes,
 * signed links and what they serve, discarding an upload. (That a record needs an upload, and that the
 * server removes blobs with their records and sweeps leftovers, is the server's alone: the mocked
 * backend's store claims every path. server/files/files.test.ts covers it.)
 */
import { describe, expect, it } from 'vitest'
import { seedAccounts, seedAppLogoId, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { call, kindOf } from '#tests/backend/client.ts'

const admin = seedAccounts.admin.email
const member = seedAccounts.verein.email
const staff = seedAccounts.staff.email
const stranger = seedAccounts.neu.email

const bytesOf = (magic: number[], size = 512) => {
  const bytes = new Uint8Array(size)
  bytes.set(magic)
  return bytes
}
const JPEG = bytesOf([0xff, 0xd8, 0xff, 0xe0])
const PNG = bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const PDF = bytesOf([0x25, 0x50, 0x44, 0x46, 0x2d])
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')

let counter = 0
const pathIn = (label: string, name: string, clubId: string = seedClubs.volume) =>
  `clubs/${clubId}/${label}/${++counter}-${name}`

const upload = (as: string | undefined, path: string, bytes: Uint8Array, contentType = 'application/octet-stream') =>
  call('PUT', '/storage/blob', { as, query: { path }, bytes, contentType })

/** The path and query of a link, for the test client (which prefixes the API). */
const apiPathOf = (url: string) => {
  const parsed = new URL(url)
  return `${parsed.pathname.replace(/^.*\/api\/backend\/v1/, '')}${parsed.search}`
}

describe('uploads', () => {
  it('lets members upload into their club’s folder, administrators anywhere, nobody else', async () => {
    const own = await upload(member, pathIn('GALLERY', 'fest.jpg'), JPEG, 'image/jpeg')
    expect(own.status).toBe(201)
    expect(own.body).toMatchObject({ size: JPEG.length, contentType: 'image/jpeg' })
    expect((await upload(member, pathIn('GALLERY', 'fest.jpg', seedClubs.incomplete), JPEG)).status).toBe(403)
    expect((await upload(staff, pathIn('GALLERY', 'fest.jpg'), JPEG)).status).toBe(403)
    expect((await upload(undefined, pathIn('GALLERY', 'fest.jpg'), JPEG)).status).toBe(401)
    expect((await upload(member, `app-logo/${++counter}-logo.png`, PNG)).status).toBe(403)
    expect((await upload(admin, `app-logo/${++counter}-logo.png`, PNG)).status).toBe(201)
    expect((await upload(admin, pathIn('GALLERY', 'fest.jpg', seedClubs.incomplete), JPEG)).status).toBe(201)
  })

  it('refuses paths that leave the storage’s folders', async () => {
    for (const path of [`clubs/${seedClubs.volume}/GALLERY/../../x.jpg`, '/etc/passwd', 'app-logo/../x.png']) {
      const result = await upload(admin, path, JPEG)
      expect(result.status, path).toBe(400)
      expect(kindOf(result)).toBe('validation')
    }
  })

  it('checks the content: a PNG renamed .jpg, a PDF as an image, an SVG logo are refused (415)', async () => {
    const renamed = await upload(member, pathIn('LEGITIMATION_FRONT', 'ausweis.jpg'), PNG, 'image/jpeg')
    expect(renamed.status).toBe(415)
    expect(kindOf(renamed)).toBe('file-content-mismatch')
    expect(kindOf(await upload(member, pathIn('LEGITIMATION_BACK', 'ausweis.png'), PNG))).toBe('file-type-not-allowed')
    expect(kindOf(await upload(member, pathIn('GALLERY', 'flyer.pdf'), PDF))).toBe('file-type-not-allowed')
    expect(kindOf(await upload(admin, `app-logo/${++counter}-logo.svg`, SVG, 'image/svg+xml'))).toBe(
      'file-type-not-allowed',
    )
    expect(kindOf(await upload(admin, `app-logo/${++counter}-logo.png`, SVG))).toBe('file-content-mismatch')
    expect((await upload(member, pathIn('SPEND2_FORM', 'spend2.pdf'), PDF)).status).toBe(201)
  })

  it('discards an upload nobody recorded', async () => {
    const path = pathIn('GALLERY', 'weg.jpg')
    await upload(member, path, JPEG)
    expect((await call('DELETE', '/storage/blob', { as: stranger, query: { path } })).status).toBe(403)
    expect((await call('DELETE', '/storage/blob', { as: member, query: { path } })).status).toBe(204)
    expect((await call('DELETE', '/storage/blob', { as: member, query: { path } })).status).toBe(404)
  })
})

describe('signed links', () => {
  it('lets members of the club, staff and administrators link to a file, and refuses members of other clubs', async () => {
    const path = pathIn('SPEND2_FORM', 'formular.pdf')
    await upload(member, path, PDF)
    for (const as of [member, staff, admin]) {
      const link = await call('GET', '/storage/link', { as, query: { path } })
      expect(link.status, as).toBe(200)
      expect(link.body).toMatchObject({ path, size: PDF.length, contentType: 'application/pdf' })
    }
    expect((await call('GET', '/storage/link', { as: stranger, query: { path } })).status).toBe(403)
    expect(
      (await call('GET', '/storage/link', { as: member, query: { path: pathIn('GALLERY', 'fehlt.jpg') } })).status,
    ).toBe(404)
  })

  it('serves the file by its link without a token, with headers that keep it from running anything', async () => {
    const path = pathIn('SPEND2_FORM', 'formular.pdf')
    await upload(member, path, PDF)
    const link = await call('GET', '/storage/link', { as: member, query: { path } })
    const file = await call('GET', apiPathOf(link.body.url))
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/)
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")

    const tampered = new URL(link.body.url)
    tampered.searchParams.set('signature', 'x'.repeat(43))
    expect((await call('GET', apiPathOf(tampered.toString()))).status).toBe(403)
  })

  it('serves the current app logo to anyone', async () => {
    const path = `app-logo/${++counter}-logo.png`
    await upload(admin, path, PNG, 'image/png')
    expect((await call('GET', '/applogo/file', { query: { path } })).status).toBe(404)
    const replaced = await call('PUT', '/applogo', {
      as: admin,
      body: { id: seedAppLogoId, name: 'logo.png', path, contentType: 'image/png', size: PNG.length },
    })
    expect(replaced.status).toBe(200)
    // On the audit log: administrators see who changed the portal's face, from what to what.
    const audit = await call('GET', '/audit', { as: admin, query: { size: 1 } })
    expect(audit.body.items[0]).toMatchObject({
      action: 'APP_LOGO_CHANGED',
      changes: [{ field: 'appLogo', before: expect.any(String) as unknown, after: 'logo.png' }],
    })
    const logo = await call('GET', '/applogo/file', { query: { path } })
    expect(logo.status).toBe(200)
    expect(logo.headers.get('content-type')).toBe('image/png')
    expect(logo.headers.get('content-disposition')).toMatch(/^inline;/)
  })
})

describe('storage paths, checked whole', () => {
  /** Paths that must never name a place: they leave the folder, or could be read as another path later. */
  const tricks = (clubId: string) => [
    `clubs/${clubId}/GALLERY/../../${seedClubs.secondActive}/GALLERY/x.jpg`,
    `clubs/${clubId}/../${seedClubs.secondActive}/GALLERY/x.jpg`,
    `clubs/${clubId}/GALLERY/./x.jpg`,
    `clubs/${clubId}//GALLERY/x.jpg`,
    `/clubs/${clubId}/GALLERY/x.jpg`,
    `clubs/${clubId}/GALLERY/x.jpg/`,
    `clubs\\${clubId}\\GALLERY\\x.jpg`,
    `clubs/${clubId}/GALLERY/..\\..\\x.jpg`,
    `clubs/${clubId}/GALLERY/%2e%2e%2fx.jpg`,
    `clubs/${clubId}%2fGALLERY/x.jpg`,
    `clubs/${clubId}/GALLERY/x.jpg%00.png`,
    `clubs/${clubId}/GALLERY/\u2024\u2024/x.jpg`,
    `clubs/${clubId}/GALLERY/x\u2215y.jpg`,
    `clubs/${clubId}/GALLERY/x\u0000.jpg`,
    `clubs/${clubId}/GALLERY/${'a'.repeat(300)}.jpg`,
  ]

  it('refuses uploads to paths with `..`, absolute paths, backslashes or encoded separators (400)', async () => {
    for (const path of tricks(seedClubs.volume)) {
      const result = await upload(admin, path, JPEG)
      expect(result.status, path).toBe(400)
    }
  })

  const image = (path: string, label: 'GALLERY' | 'LOGO' = 'GALLERY') => ({
    label,
    name: 'bild.jpg',
    path,
    contentType: 'image/jpeg' as const,
    size: JPEG.length,
  })
  const addImage = (path: string, label?: 'GALLERY' | 'LOGO') =>
    call('PUT', `/club/${seedClubs.volume}/addImage`, { as: member, body: image(path, label) })

  it('records a club’s file only in that club’s own folder, under the record’s label', async () => {
    const own = pathIn('GALLERY', 'fest.jpg')
    await upload(member, own, JPEG, 'image/jpeg')
    expect((await addImage(own)).status).toBe(200)

    const refused = [
      // Another club's folder, even one whose id starts like this club's, and no club at all.
      pathIn('GALLERY', 'fremd.jpg', seedClubs.secondActive),
      `clubs/${seedClubs.volume}x/GALLERY/1-x.jpg`,
      `app-logo/${++counter}-logo.jpg`,
      // Its own folder, but under another label than the record's, or in no label folder.
      pathIn('LOGO', 'logo.jpg'),
      `clubs/${seedClubs.volume}/1-x.jpg`,
      ...tricks(seedClubs.volume),
    ]
    for (const path of refused) {
      const result = await addImage(path)
      expect(result.status, path).toBe(400)
      expect(kindOf(result), path).toBe('validation')
      expect(JSON.stringify(result.error), path).toContain('"field":"path"')
    }
  })

  it('records the app logo only from the logo’s folder', async () => {
    for (const path of [
      pathIn('LOGO', 'logo.png'),
      `app-logo/../clubs/${seedClubs.volume}/LOGO/1-logo.png`,
      `app-logo\\${++counter}-logo.png`,
      `/app-logo/${++counter}-logo.png`,
    ]) {
      const result = await call('PUT', '/applogo', {
        as: admin,
        body: { id: seedAppLogoId, name: 'logo.png', path, contentType: 'image/png', size: PNG.length },
      })
      expect(result.status, path).toBe(400)
      expect(kindOf(result), path).toBe('validation')
    }
  })
})
