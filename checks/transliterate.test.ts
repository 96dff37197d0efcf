import { describe, expect, it } from 'vitest'
import { transliterateGerman } from './transliterate.ts'

describe('transliterateGerman', () => {
  it('spells the German letters in ASCII, capitals included', () => {
    expect(transliterateGerman('Grünbach Straße')).toBe('Gruenbach Strasse')
    expect(transliterateGerman('Fröhlich, Ärzte, Übung, Öl, GROẞ')).toBe('Froehlich, Aerzte, Uebung, Oel, GROSS')
    expect(transliterateGerman('schön süß äöü')).toBe('schoen suess aeoeue')
  })

  it('leaves everything else as it is', () => {
    expect(transliterateGerman('Café Zoë 1923 - a.b@c.at')).toBe('Café Zoë 1923 - a.b@c.at')
    expect(transliterateGerman('')).toBe('')
  })
})
