import { describe, expect, it } from 'vitest'
import { checkLogoFile } from './logo-file.ts'

const svg = () =>
  new File(['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>'], 'logo.svg', { type: 'image/svg+xml' })

describe('checkLogoFile', () => {
  it('takes an SVG logo where the storage keeps one (offline, Firebase)', async () => {
    expect(await checkLogoFile(svg(), 1024, true)).toEqual({ ok: true, contentType: 'image/svg+xml' })
  })

  it('refuses an SVG logo by its type where the server stores the files (it takes no SVG)', async () => {
    expect(await checkLogoFile(svg(), 1024, false)).toEqual({ ok: false, reason: 'type' })
  })
})
