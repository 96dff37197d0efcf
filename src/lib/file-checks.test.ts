import { describe, expect, it } from 'vitest'
import {
  acceptAttribute,
  checkFile,
  detectFileKind,
  DOCUMENT_RULE,
  extensionOf,
  formatFileSize,
  IMAGE_RULE,
  LEGITIMATION_SCAN_RULE,
} from './file-checks.ts'

const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]
const PDF = [...'%PDF-1.4\n%'].map((char) => char.charCodeAt(0))
const WEBP = [...'RIFF\u0024\u0000\u0000\u0000WEBPVP8 '].map((char) => char.charCodeAt(0))

const file = (bytes: readonly number[], name: string, type = '') => new File([new Uint8Array(bytes)], name, { type })

describe('detectFileKind', () => {
  it('recognises JPEG, PNG, PDF and WebP by their magic bytes', async () => {
    expect(await detectFileKind(file(JPEG, 'a'))).toBe('jpeg')
    expect(await detectFileKind(file(PNG, 'a'))).toBe('png')
    expect(await detectFileKind(file(PDF, 'a'))).toBe('pdf')
    expect(await detectFileKind(file(WEBP, 'a'))).toBe('webp')
  })

  it('knows nothing else', async () => {
    expect(
      await detectFileKind(
        file(
          [...'hello world'].map((c) => c.charCodeAt(0)),
          'a',
        ),
      ),
    ).toBeNull()
    expect(await detectFileKind(file([0xff, 0xd8], 'a'))).toBeNull()
    expect(await detectFileKind(file([], 'a'))).toBeNull()
  })
})

describe('extensionOf', () => {
  it('reads the last extension in lower case', () => {
    expect(extensionOf('Ausweis.JPG')).toBe('jpg')
    expect(extensionOf('scan.final.jpeg')).toBe('jpeg')
    expect(extensionOf('README')).toBe('')
    expect(extensionOf('.jpg')).toBe('')
  })
})

describe('checkFile', () => {
  it('accepts a real JPEG named .jpg or .JPEG as a legitimation scan', async () => {
    expect(await checkFile(file(JPEG, 'vorderseite.jpg'), LEGITIMATION_SCAN_RULE)).toEqual({
      ok: true,
      kind: 'jpeg',
      contentType: 'image/jpeg',
    })
    expect((await checkFile(file(JPEG, 'RUECKSEITE.JPEG'), LEGITIMATION_SCAN_RULE)).ok).toBe(true)
  })

  it('refuses a PNG renamed to .jpg by its content, even with a JPEG MIME type', async () => {
    expect(await checkFile(file(PNG, 'ausweis.jpg', 'image/jpeg'), LEGITIMATION_SCAN_RULE)).toEqual({
      ok: false,
      reason: 'content',
    })
  })

  it('refuses a real JPEG whose name is not .jpg/.jpeg', async () => {
    expect(await checkFile(file(JPEG, 'ausweis.png'), LEGITIMATION_SCAN_RULE)).toEqual({
      ok: false,
      reason: 'extension',
    })
    expect(await checkFile(file(JPEG, 'ausweis'), LEGITIMATION_SCAN_RULE)).toEqual({ ok: false, reason: 'extension' })
  })

  it('refuses a PNG for a legitimation scan by its extension', async () => {
    expect(await checkFile(file(PNG, 'ausweis.png'), LEGITIMATION_SCAN_RULE)).toEqual({
      ok: false,
      reason: 'extension',
    })
  })

  it('refuses an empty file', async () => {
    expect(await checkFile(file([], 'leer.jpg'), LEGITIMATION_SCAN_RULE)).toEqual({ ok: false, reason: 'empty' })
  })

  it('takes a scan of 10 MB and refuses one byte more (the contract’s limit) before reading it', async () => {
    const scanOf = (size: number) => {
      const bytes = new Uint8Array(size)
      bytes.set(JPEG)
      return new File([bytes], 'ausweis.jpg')
    }
    expect(await checkFile(scanOf(10 * 1024 * 1024), LEGITIMATION_SCAN_RULE)).toMatchObject({ ok: true, kind: 'jpeg' })
    expect(await checkFile(scanOf(10 * 1024 * 1024 + 1), LEGITIMATION_SCAN_RULE)).toEqual({
      ok: false,
      reason: 'too-large',
    })
  })

  it('accepts PDF, JPEG and PNG documents, and refuses a text file named .pdf', async () => {
    expect((await checkFile(file(PDF, 'spend2.pdf'), DOCUMENT_RULE)).ok).toBe(true)
    expect((await checkFile(file(PNG, 'bescheid.png'), DOCUMENT_RULE)).ok).toBe(true)
    expect(
      await checkFile(
        file(
          [...'not a pdf'].map((c) => c.charCodeAt(0)),
          'bescheid.pdf',
        ),
        DOCUMENT_RULE,
      ),
    ).toEqual({
      ok: false,
      reason: 'content',
    })
  })

  it('accepts WebP images but no PDF as an image', async () => {
    expect(await checkFile(file(WEBP, 'logo.webp'), IMAGE_RULE)).toEqual({
      ok: true,
      kind: 'webp',
      contentType: 'image/webp',
    })
    expect(await checkFile(file(PDF, 'logo.pdf'), IMAGE_RULE)).toEqual({ ok: false, reason: 'extension' })
  })
})

describe('helpers', () => {
  it('builds the accept attribute from the rule', () => {
    expect(acceptAttribute(LEGITIMATION_SCAN_RULE)).toBe('.jpg,.jpeg,image/jpeg')
  })

  it('formats sizes in German', () => {
    expect(formatFileSize(512)).toBe('512 B')
    expect(formatFileSize(15_416)).toBe('15 KB')
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1,5 MB')
  })
})
