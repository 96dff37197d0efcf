import { describe, expect, it } from 'vitest'
import { donationPageUrl } from './donation-page-url.ts'

describe('donationPageUrl', () => {
  it('is the campaign’s public page on the given origin', () => {
    expect(donationPageUrl('cmp-gruenbach-kunstrasen', 'https://portal.vereinsportal.at')).toBe(
      'https://portal.vereinsportal.at/spenden/cmp-gruenbach-kunstrasen',
    )
    expect(donationPageUrl('cmp-1', 'http://localhost:5173/')).toBe('http://localhost:5173/spenden/cmp-1')
  })

  it('takes the page’s own origin by default', () => {
    expect(donationPageUrl('cmp-1')).toBe(`${window.location.origin}/spenden/cmp-1`)
  })

  it('keeps an id with unusual characters inside its path segment', () => {
    expect(donationPageUrl('a/b c', 'https://x.at')).toBe('https://x.at/spenden/a%2Fb%20c')
  })
})
