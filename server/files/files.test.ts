/**
 * Files on the server: uploads checked by content, size limits before the body is read, paths that
 * cannot leave a club's folder, signed downloads with safe headers, and the lifecycle (staged, claimed,
 * released after the commit, swept). Each behaviour holds for every store: the server's disk and a bucket
 * on the S3 API (s3rver, with presigned download links and with downloads through the server).
 */
import { readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccounts, seedAppLogoId, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { createFileTestServer } from '#server/testing/file-server.ts'
import type { FileTestServer, TestStore } from '#server/testing/file-server.ts'
import { freePort } from '#server/testing/free-port.ts'
import { s3DownloadOrigin } from '#server/config.ts'
import { sweepFiles } from './sweep.ts'

const fixture = (name: string) => new Uint8Array(readFileSync(join(process.cwd(), 'tests/fixtures', name)))
const JPEG = fixture('ausweis-vorderseite.jpg')
const PNG = fixture('vereinslogo.png')
const PNG_NAMED_JPG = fixture('ausweis-kein-jpeg.jpg')
const PDF = fixture('spend2-formular.pdf')
/** The head of a WebP file (RIFF container, WEBP form): what the content check looks at. */
const WEBP = new Uint8Array([
  ...new TextEncoder().encode('RIFF'),
  0x24,
  0,
  0,
  0,
  ...new TextEncoder().encode('WEBPVP8 '),
  0x18,
  0,
  0,
  0,
  1,
  2,
  3,
  4,
])
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')

const admin = seedAccounts.admin.email
const member = seedAccounts.verein.email
const club = seedClubs.volume
const otherClub = seedClubs.incomplete

let server: FileTestServer
/** The server also listens here, for the tests that need a real socket. */
let port = 0
let counter = 0
/** A fresh path in the club's folder for each upload. */
const pathIn = (label: string, name: string, clubId: string = club) =>
  `clubs/${clubId}/${label}/00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}-${name}`

const kindOf = (body: string) => (JSON.parse(body) as { type: string }).type.split('/').pop()
const inStore = async (path: string) => (await server.stored(path)) !== null
const stagedRow = async (path: string) =>
  server.database.db.selectFrom('file_blobs').selectAll().where('path', '=', path).executeTakeFirst()
const temps = () => server.temps()

const STORES: readonly TestStore[] = ['disk', 's3-presigned', 's3-proxy']

/**
 * Where a download comes from and what it carries besides type and disposition: the server sends all of
 * the portal's headers (domain/files.ts `fileHeaders`); a presigned URL can ask the bucket only for type,
 * disposition, caching and expiry, so the others are missing (docs/decisions/0036-s3-file-storage.md).
 */
const SAFETY_HEADERS = [
  'x-content-type-options',
  'content-security-policy',
  'referrer-policy',
  'cross-origin-resource-policy',
] as const
const FROM_SERVER = {
  from: 'server',
  cacheControl: /^private, max-age=\d+$/,
  safety: {
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-site',
  },
} as const
const DOWNLOADS: Record<TestStore, { from: 'server' | 'bucket'; cacheControl: RegExp; safety: object }> = {
  disk: FROM_SERVER,
  's3-proxy': FROM_SERVER,
  's3-presigned': {
    from: 'bucket',
    cacheControl: /^private$/,
    safety: Object.fromEntries(SAFETY_HEADERS.map((name) => [name, undefined])),
  },
}

/** When a link stops working, epoch ms: the server's `expires`, or a presigned URL's date plus its seconds. */
const linkUntil = (url: URL): number => {
  const expires = url.searchParams.get('expires')
  if (expires) return Number(expires) * 1000
  const date = url.searchParams.get('X-Amz-Date') ?? ''
  const iso = date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z')
  return Date.parse(iso) + Number(url.searchParams.get('X-Amz-Expires')) * 1000
}

/**
 * Variants of a working link to the file at `path` that must be refused: for the server's links another
 * path under the same signature and an expiry moved back; for a presigned URL another file, a document
 * shown inline, a forged signature, none at all, and a link whose hour is over.
 */
const tamperedLinks = async (link: string, path: string, other: string): Promise<string[]> => {
  const variant = (change: (url: URL) => void) => {
    const url = new URL(link)
    change(url)
    return url.toString()
  }
  if (new URL(link).searchParams.has('expires')) {
    return [
      variant((url) => url.searchParams.set('path', other)),
      variant((url) => url.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 10))),
    ]
  }
  const now = Math.floor(Date.now() / 1000)
  const expired = await server.files.directLink!(
    path,
    {
      contentType: 'image/jpeg',
      contentDisposition: 'inline',
      cacheControl: 'private',
      expires: new Date().toUTCString(),
    },
    { from: now - 2 * 3600, until: now - 3600 },
  )
  return [
    variant((url) => (url.pathname = url.pathname.replace(/[^/]+$/, other.split('/').pop()!))),
    variant((url) => url.searchParams.set('response-content-disposition', 'inline')),
    variant((url) => url.searchParams.set('X-Amz-Signature', '0'.repeat(64))),
    variant((url) => (url.search = '')),
    expired,
  ]
}

describe.each(STORES)('files kept on %s', (store) => {
  // A seeded database per store: on a busy machine that takes a while.
  beforeAll(async () => {
    server = await createFileTestServer(store)
    port = await freePort()
    await server.app.listen({ port, host: '127.0.0.1' })
  }, 180_000)
  afterAll(() => server?.close())

  describe('uploads, checked by content', () => {
    it('accepts a JPEG legitimation scan and stages it', async () => {
      const path = pathIn('LEGITIMATION_FRONT', 'ausweis.jpg')
      const answer = await server.upload(member, path, JPEG, 'image/jpeg')
      expect(answer.statusCode).toBe(201)
      expect(answer.json()).toEqual({ path, size: JPEG.length, contentType: 'image/jpeg' })
      expect(await server.stored(path)).toEqual(Buffer.from(JPEG))
      expect(await stagedRow(path)).toMatchObject({ size: JPEG.length, content_type: 'image/jpeg', claimed_at: null })
      expect(temps()).toEqual([])
    })

    it('takes PDF, JPEG and PNG documents and JPEG, PNG and WebP images, whatever Content-Type says loosely', async () => {
      const pdf = await server.upload(member, pathIn('SPEND2_FORM', 'spend2.pdf'), PDF)
      expect(pdf.statusCode, pdf.body).toBe(201)
      expect((await server.upload(member, pathIn('OTHER_DOCUMENT', 'scan.png'), PNG, null)).statusCode).toBe(201)
      expect((await server.upload(member, pathIn('GALLERY', 'logo.png'), PNG, 'image/png')).statusCode).toBe(201)
      const webp = await server.upload(member, pathIn('GALLERY', 'bild.webp'), WEBP, 'image/webp')
      expect(webp.json()).toMatchObject({ contentType: 'image/webp' })
    })

    it('takes the receipts’ signature as JPEG or PNG up to 2 MB, never WebP (a receipt’s PDF/A cannot embed it)', async () => {
      expect((await server.upload(member, pathIn('SIGNATURE', 'unterschrift.png'), PNG, 'image/png')).statusCode).toBe(
        201,
      )
      expect((await server.upload(member, pathIn('SIGNATURE', 'unterschrift.jpg'), JPEG)).statusCode).toBe(201)
      const webp = await server.upload(member, pathIn('SIGNATURE', 'unterschrift.webp'), WEBP, 'image/webp')
      expect(webp.statusCode).toBe(415)
      expect(kindOf(webp.body)).toBe('file-type-not-allowed')
      const large = new Uint8Array(2 * 1024 * 1024 + 1)
      large.set(PNG.subarray(0, 64))
      const path = pathIn('SIGNATURE', 'gross.png')
      const tooLarge = await server.upload(member, path, large, 'image/png')
      expect(tooLarge.statusCode).toBe(413)
      expect(await inStore(path)).toBe(false)
    })

    it('refuses a PNG renamed .jpg (415 file-content-mismatch), for a scan and for a gallery image', async () => {
      for (const label of ['LEGITIMATION_FRONT', 'GALLERY']) {
        const path = pathIn(label, 'ausweis.jpg')
        const answer = await server.upload(member, path, PNG_NAMED_JPG, 'image/jpeg')
        expect(answer.statusCode, label).toBe(415)
        expect(kindOf(answer.body)).toBe('file-content-mismatch')
        expect(answer.headers['content-type']).toContain('application/problem+json')
        expect(await inStore(path)).toBe(false)
        expect(await stagedRow(path)).toBeUndefined()
      }
      expect(temps()).toEqual([])
    })

    it('refuses content that contradicts a specific Content-Type, and kinds a place does not take', async () => {
      const mismatch = await server.upload(member, pathIn('GALLERY', 'bild.png'), PNG, 'image/jpeg')
      expect(kindOf(mismatch.body)).toBe('file-content-mismatch')
      const pngScan = await server.upload(member, pathIn('LEGITIMATION_BACK', 'ausweis.png'), PNG, 'image/png')
      expect(pngScan.statusCode).toBe(415)
      expect(kindOf(pngScan.body)).toBe('file-type-not-allowed')
      const pdfImage = await server.upload(member, pathIn('GALLERY', 'flyer.pdf'), PDF)
      expect(kindOf(pdfImage.body)).toBe('file-type-not-allowed')
      const empty = await server.upload(member, pathIn('GALLERY', 'leer.jpg'), new Uint8Array())
      expect(empty.statusCode).toBe(400)
    })

    it('refuses an SVG as the app logo, by name and by content', async () => {
      const named = await server.upload(
        admin,
        'app-logo/00000000-0000-4000-8000-000000000001-logo.svg',
        SVG,
        'image/svg+xml',
      )
      expect(named.statusCode).toBe(415)
      expect(kindOf(named.body)).toBe('file-type-not-allowed')
      const disguised = await server.upload(
        admin,
        'app-logo/00000000-0000-4000-8000-000000000002-logo.png',
        SVG,
        'image/png',
      )
      expect(disguised.statusCode).toBe(415)
      expect(kindOf(disguised.body)).toBe('file-content-mismatch')
      expect(
        (await server.upload(admin, 'app-logo/00000000-0000-4000-8000-000000000003-logo.png', PNG, 'image/png'))
          .statusCode,
      ).toBe(201)
    })
  })

  describe('size limits', () => {
    it('answers 413 to a Content-Length above the limit before a byte of the body is read', async () => {
      {
        const token = await server.tokenFor(member)
        const path = encodeURIComponent(pathIn('GALLERY', 'riesig.jpg'))
        // Headers only: the server must answer without waiting for the 20 MB it was promised.
        const answer = await new Promise<string>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1')
          let text = ''
          socket.on('data', (chunk) => (text += chunk.toString('latin1')))
          socket.on('end', () => resolve(text))
          socket.on('close', () => resolve(text))
          socket.on('error', reject)
          socket.write(
            `PUT /api/backend/v1/storage/blob?path=${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
              `Content-Type: image/jpeg\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n`,
          )
          socket.write(Buffer.from(JPEG))
          setTimeout(() => reject(new Error(`no answer: ${text}`)), 5_000).unref()
        })
        expect(answer).toMatch(/^HTTP\/1\.1 413/)
        expect(answer).toContain('payload-too-large')
        expect(answer.toLowerCase()).toContain('connection: close')
      }
      expect(temps()).toEqual([])
    })

    it('stops reading a body without Content-Length as soon as it passes the limit (413), and keeps nothing', async () => {
      const path = pathIn('GALLERY', 'strom.jpg')
      let sent = 0
      const chunk = Buffer.alloc(64 * 1024, 1)
      chunk.set(JPEG.subarray(0, 16))
      const body = new Readable({
        read() {
          sent += chunk.length
          this.push(sent > 30 * 1024 * 1024 ? null : chunk)
        },
      })
      const answer = await server.app.inject({
        method: 'PUT',
        url: `/api/backend/v1/storage/blob?path=${encodeURIComponent(path)}`,
        headers: { authorization: `Bearer ${await server.tokenFor(member)}`, 'content-type': 'image/jpeg' },
        payload: body,
      })
      expect(answer.statusCode).toBe(413)
      expect(kindOf(answer.body)).toBe('payload-too-large')
      expect(await inStore(path)).toBe(false)
      expect(temps()).toEqual([])
    })

    it('holds the app logo to 1 MB', async () => {
      const big = new Uint8Array(1024 * 1024 + 1)
      big.set(PNG.subarray(0, 16))
      const answer = await server.upload(
        admin,
        'app-logo/00000000-0000-4000-8000-000000000004-gross.png',
        big,
        'image/png',
      )
      expect(answer.statusCode).toBe(413)
    })
  })

  describe('where a caller may write', () => {
    it('refuses paths with `..`, absolute paths and other folders (400)', async () => {
      for (const path of [
        `clubs/${club}/GALLERY/../../${otherClub}/GALLERY/x.jpg`,
        `clubs/${club}/../x.jpg`,
        '/etc/passwd',
        'app-logo/../../x.png',
        `clubs/${club}/GALLERY/sub/x.jpg`,
        `clubs/${club}/UNKNOWN/x.jpg`,
        'elsewhere/x.jpg',
      ]) {
        const answer = await server.upload(admin, path, JPEG, 'image/jpeg')
        expect(answer.statusCode, path).toBe(400)
        expect(kindOf(answer.body), path).toBe('validation')
      }
    })

    it('lets a member write only into their clubs’ folders, and only admins write app logos', async () => {
      const foreign = await server.upload(member, pathIn('GALLERY', 'x.jpg', otherClub), JPEG, 'image/jpeg')
      expect(foreign.statusCode).toBe(403)
      expect(kindOf(foreign.body)).toBe('forbidden')
      const logo = await server.upload(
        member,
        'app-logo/00000000-0000-4000-8000-000000000005-logo.png',
        PNG,
        'image/png',
      )
      expect(logo.statusCode).toBe(403)
      const staff = await server.upload(seedAccounts.staff.email, pathIn('GALLERY', 'x.jpg'), JPEG, 'image/jpeg')
      expect(staff.statusCode).toBe(403)
      expect((await server.upload(null, pathIn('GALLERY', 'x.jpg'), JPEG, 'image/jpeg')).statusCode).toBe(401)
      expect((await server.upload(admin, pathIn('GALLERY', 'x.jpg', otherClub), JPEG, 'image/jpeg')).statusCode).toBe(
        201,
      )
      expect((await server.upload(admin, pathIn('GALLERY', 'x.jpg', 'club-does-not-exist'), JPEG)).statusCode).toBe(404)
      expect(temps()).toEqual([])
    })

    it('refuses a second upload to the same path (409 in-use)', async () => {
      const path = pathIn('GALLERY', 'zweimal.jpg')
      expect((await server.upload(member, path, JPEG, 'image/jpeg')).statusCode).toBe(201)
      const again = await server.upload(member, path, fixture('vereinsfoto.jpg'), 'image/jpeg')
      expect(again.statusCode).toBe(409)
      expect(await server.stored(path)).toEqual(Buffer.from(JPEG))
    })
  })

  describe('reading files', () => {
    const linkOf = async (as: string, path: string) => {
      const answer = await server.call('GET', `/storage/link?path=${encodeURIComponent(path)}`, { as })
      return { status: answer.statusCode, body: answer.json<{ url: string; size: number; contentType: string }>() }
    }

    it('hands out a signed link that downloads the exact bytes, documents as attachment, images inline', async () => {
      const document = pathIn('SPEND2_FORM', 'Spenden Formular.pdf'.replace(' ', '_'))
      const image = pathIn('GALLERY', 'fest.jpg')
      await server.upload(member, document, PDF)
      await server.upload(member, image, JPEG)

      const link = await linkOf(member, document)
      expect(link.status).toBe(200)
      expect(link.body).toMatchObject({ size: PDF.length, contentType: 'application/pdf' })
      const pdf = await server.download(link.body.url)
      expect(pdf.statusCode).toBe(200)
      expect(pdf.bytes).toEqual(Buffer.from(PDF))
      expect(pdf.headers['content-type']).toBe('application/pdf')
      expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="Spenden_Formular\.pdf"/)
      expect(pdf.headers['cache-control']).toMatch(/^private\b/)

      const jpeg = await server.download((await linkOf(seedAccounts.staff.email, image)).body.url)
      expect(jpeg.bytes).toEqual(Buffer.from(JPEG))
      expect(jpeg.headers['content-type']).toBe('image/jpeg')
      expect(jpeg.headers['content-disposition']).toMatch(/^inline;/)
      // Asked again a moment later, the link is the same: the browser keeps the image it has.
      expect((await linkOf(seedAccounts.staff.email, image)).body.url).toBe(
        (await linkOf(seedAccounts.staff.email, image)).body.url,
      )
    })

    it('sends a download with every header its route can carry, and a link valid for about an hour', async () => {
      const document = pathIn('SPEND2_FORM', 'formular.pdf')
      await server.upload(member, document, PDF)
      const asked = Date.now()
      const link = (await linkOf(member, document)).body as unknown as { url: string; expiresAt: string }
      const url = new URL(link.url)
      expect(url.origin).toBe(DOWNLOADS[store].from === 'bucket' ? s3DownloadOrigin(server.s3!) : url.origin)
      expect(url.pathname).toBe(
        DOWNLOADS[store].from === 'bucket'
          ? `/${server.s3!.bucket}/portal/${document}`
          : '/api/backend/v1/storage/file',
      )
      const until = linkUntil(url)
      expect(until).toBe(Date.parse(link.expiresAt))
      // At least the hour of LINK_LIFETIME_SECONDS from the ask, at most five minutes more (the rounding).
      expect(until).toBeGreaterThanOrEqual(asked - 1000 + 60 * 60 * 1000)
      expect(until).toBeLessThanOrEqual(Date.now() + 65 * 60 * 1000)

      const pdf = await server.download(link.url)
      expect(pdf.statusCode).toBe(200)
      expect(pdf.headers['content-type']).toBe('application/pdf')
      expect(pdf.headers['cache-control']).toMatch(DOWNLOADS[store].cacheControl)
      expect(pdf.headers.expires && Date.parse(pdf.headers.expires)).toBe(
        DOWNLOADS[store].from === 'bucket' ? until : undefined,
      )
      expect(Object.fromEntries(SAFETY_HEADERS.map((name) => [name, pdf.headers[name]]))).toEqual(
        DOWNLOADS[store].safety,
      )
    })

    it('refuses links to other clubs’ files, tampered and expired signatures', async () => {
      const path = pathIn('GALLERY', 'privat.jpg', otherClub)
      await server.upload(admin, path, JPEG)
      expect((await linkOf(member, path)).status).toBe(403)
      const { url } = (await linkOf(admin, path)).body
      expect((await server.download(url)).statusCode).toBe(200)
      expect((await linkOf(admin, pathIn('GALLERY', 'fehlt.jpg'))).status).toBe(404)
      const other = pathIn('GALLERY', 'anderes.jpg', otherClub)
      await server.upload(admin, other, PNG)

      for (const refused of await tamperedLinks(url, path, other)) {
        expect((await server.download(refused)).statusCode, refused).toBe(403)
      }
    })

    it('serves the current app logo to anyone, and nothing else under that route', async () => {
      const path = 'app-logo/00000000-0000-4000-8000-000000000010-logo.png'
      await server.upload(admin, path, PNG, 'image/png')
      const before = await server.app.inject({
        method: 'GET',
        url: `/api/backend/v1/applogo/file?path=${encodeURIComponent(path)}`,
      })
      expect(before.statusCode).toBe(404)
      await server.call('PUT', '/applogo', {
        as: admin,
        body: { id: seedAppLogoId, name: 'logo.png', path, contentType: 'image/png', size: PNG.length },
      })
      const logo = await server.app.inject({
        method: 'GET',
        url: `/api/backend/v1/applogo/file?path=${encodeURIComponent(path)}`,
      })
      expect(logo.statusCode).toBe(200)
      expect(logo.headers['content-type']).toBe('image/png')
      expect(logo.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
      expect(logo.rawPayload).toEqual(Buffer.from(PNG))
    })
  })

  describe('the lifecycle', () => {
    const image = (path: string, size: number, label = 'GALLERY', contentType = 'image/jpeg') => ({
      label,
      name: path.split('/').pop()!,
      path,
      contentType,
      size,
    })

    it('records only what was uploaded, as it was uploaded', async () => {
      const missing = await server.call('PUT', `/club/${club}/addImage`, {
        as: member,
        body: image(pathIn('GALLERY', 'nie-hochgeladen.jpg'), 100),
      })
      expect(missing.statusCode).toBe(400)
      expect(missing.json<{ errors: unknown[] }>().errors[0]).toMatchObject({ field: 'path', code: 'not_uploaded' })

      const path = pathIn('GALLERY', 'fest.jpg')
      await server.upload(member, path, JPEG)
      const wrongSize = await server.call('PUT', `/club/${club}/addImage`, {
        as: member,
        body: image(path, JPEG.length + 1),
      })
      expect(wrongSize.json<{ errors: unknown[] }>().errors[0]).toMatchObject({ field: 'size', code: 'size_mismatch' })
      const wrongType = await server.call('PUT', `/club/${club}/addImage`, {
        as: member,
        body: image(path, JPEG.length, 'GALLERY', 'image/png'),
      })
      expect(wrongType.json<{ errors: unknown[] }>().errors[0]).toMatchObject({
        field: 'contentType',
        code: 'type_mismatch',
      })
      // The failed recordings changed nothing: the upload is still staged and can be recorded.
      expect(await stagedRow(path)).toMatchObject({ claimed_at: null })
      const recorded = await server.call('PUT', `/club/${club}/addImage`, {
        as: member,
        body: image(path, JPEG.length),
      })
      expect(recorded.statusCode).toBe(200)
      expect((await stagedRow(path))?.claimed_at).not.toBeNull()
      const twice = await server.call('PUT', `/club/${club}/addImage`, { as: member, body: image(path, JPEG.length) })
      expect(twice.statusCode).toBe(409)

      // Deleting the record removes the file.
      const deleted = await server.call('DELETE', `/club/${club}/deleteFile`, {
        as: member,
        body: { fileId: recorded.json<{ id: string }>().id },
      })
      expect(deleted.statusCode).toBe(204)
      expect(await inStore(path)).toBe(false)
      expect(await stagedRow(path)).toBeUndefined()
    })

    it('removes the old legitimation scan when a new one replaces it', async () => {
      const first = pathIn('LEGITIMATION_FRONT', 'alt.jpg')
      const second = pathIn('LEGITIMATION_FRONT', 'neu.jpg')
      const scan = (path: string) => ({ ...image(path, JPEG.length, 'LEGITIMATION_FRONT'), name: 'ausweis.jpg' })
      await server.upload(member, first, JPEG)
      expect((await server.call('PUT', `/club/${club}/addImage`, { as: member, body: scan(first) })).statusCode).toBe(
        200,
      )
      await server.upload(member, second, JPEG)
      expect((await server.call('PUT', `/club/${club}/addImage`, { as: member, body: scan(second) })).statusCode).toBe(
        200,
      )
      expect(await inStore(first)).toBe(false)
      expect(await inStore(second)).toBe(true)
    })

    it('removes the old app logo when it is replaced, and the logo when it is deleted', async () => {
      const current = (await server.call('GET', '/applogo')).json<{ logo: { id: string; path: string } }>()
      const first = 'app-logo/00000000-0000-4000-8000-000000000020-erstes.png'
      const second = 'app-logo/00000000-0000-4000-8000-000000000021-zweites.jpg'
      await server.upload(admin, first, PNG, 'image/png')
      const replaced = await server.call('PUT', '/applogo', {
        as: admin,
        body: { id: current.logo.id, name: 'erstes.png', path: first, contentType: 'image/png', size: PNG.length },
      })
      expect(replaced.statusCode).toBe(200)
      await server.upload(admin, second, JPEG, 'image/jpeg')
      const again = await server.call('PUT', '/applogo', {
        as: admin,
        body: {
          id: replaced.json<{ id: string }>().id,
          name: 'zweites.jpg',
          path: second,
          contentType: 'image/jpeg',
          size: JPEG.length,
        },
      })
      expect(again.statusCode).toBe(200)
      expect(await inStore(first)).toBe(false)
      expect(await inStore(second)).toBe(true)
      expect(
        (await server.call('DELETE', `/applogo/${again.json<{ id: string }>().id}`, { as: admin })).statusCode,
      ).toBe(204)
      expect(await inStore(second)).toBe(false)
    })

    it('keeps the old file when the replacing recording fails (the transaction rolled back)', async () => {
      const first = pathIn('LOGO', 'vereinslogo.png')
      await server.upload(member, first, PNG, 'image/png')
      const logo = { label: 'LOGO', name: 'vereinslogo.png', path: first, contentType: 'image/png', size: PNG.length }
      expect((await server.call('PUT', `/club/${club}/addImage`, { as: member, body: logo })).statusCode).toBe(200)
      const failing = await server.call('PUT', `/club/${club}/addImage`, {
        as: member,
        body: { ...logo, path: pathIn('LOGO', 'nie-hochgeladen.png') },
      })
      expect(failing.statusCode).toBe(400)
      expect(await inStore(first)).toBe(true)
    })

    it('discards an unrecorded upload on request, never a recorded one', async () => {
      const staged = pathIn('GALLERY', 'verworfen.jpg')
      await server.upload(member, staged, JPEG)
      expect(
        (await server.call('DELETE', `/storage/blob?path=${encodeURIComponent(staged)}`, { as: member })).statusCode,
      ).toBe(204)
      expect(await inStore(staged)).toBe(false)
      expect(
        (await server.call('DELETE', `/storage/blob?path=${encodeURIComponent(staged)}`, { as: member })).statusCode,
      ).toBe(404)

      const used = pathIn('GALLERY', 'benutzt.jpg')
      await server.upload(member, used, JPEG)
      await server.call('PUT', `/club/${club}/addImage`, { as: member, body: image(used, JPEG.length) })
      const refused = await server.call('DELETE', `/storage/blob?path=${encodeURIComponent(used)}`, { as: member })
      expect(refused.statusCode).toBe(409)
      expect(await inStore(used)).toBe(true)
    })

    it('leaves no temporary file when the client goes away mid-upload', async () => {
      {
        const token = await server.tokenFor(member)
        const path = pathIn('GALLERY', 'abgebrochen.jpg')
        const socket = connect(port, '127.0.0.1')
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
        socket.write(
          `PUT /api/backend/v1/storage/blob?path=${encodeURIComponent(path)} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
            `Authorization: Bearer ${token}\r\nContent-Type: image/jpeg\r\nContent-Length: ${JPEG.length * 10}\r\n\r\n`,
        )
        socket.write(Buffer.from(JPEG))
        // Until the server has started to write the temporary file, then gone.
        for (let i = 0; i < 50 && temps().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20))
        socket.destroy()
        for (let i = 0; i < 50 && temps().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20))
        expect(temps()).toEqual([])
        expect(await inStore(path)).toBe(false)
        expect(await stagedRow(path)).toBeUndefined()
      }
    })

    it('sweeps staged uploads nobody recorded, stray files and old temporary files; keeps recorded ones', async () => {
      const staged = pathIn('GALLERY', 'liegen-geblieben.jpg')
      await server.upload(member, staged, JPEG)
      const kept = pathIn('GALLERY', 'behalten.jpg')
      await server.upload(member, kept, JPEG)
      await server.call('PUT', `/club/${club}/addImage`, { as: member, body: image(kept, JPEG.length) })
      const fresh = pathIn('GALLERY', 'frisch.jpg')

      // A file without a row (a crash after the commit of a deletion) and an unfinished upload, both old.
      const stray = pathIn('GALLERY', 'verwaist.jpg')
      await server.plantStray(stray, JPEG, 3 * 60 * 60 * 1000)
      server.plantTemp('abgebrochen', JPEG, 3 * 60 * 60 * 1000)

      // The first upload is two hours old; one uploaded just before the sweep is not.
      await server.database.db
        .updateTable('file_blobs')
        .set({ staged_at: new Date(Date.now() - 2 * 60 * 60 * 1000) })
        .where('path', '=', staged)
        .execute()
      await server.upload(member, fresh, JPEG)
      const result = await sweepFiles(server.database, server.files, Date.now(), 60 * 60 * 1000)
      expect(result).toMatchObject({ staged: 1, strays: 1, temps: 1 })
      expect(await inStore(staged)).toBe(false)
      expect(await stagedRow(staged)).toBeUndefined()
      expect(await inStore(stray)).toBe(false)
      expect(temps()).not.toContain('abgebrochen')
      expect(await inStore(kept)).toBe(true)
      expect(await inStore(fresh)).toBe(true)
    })
  })
})
