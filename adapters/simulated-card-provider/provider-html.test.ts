import { describe, expect, it } from 'vitest'
import { providerPageHtml } from './provider-html.ts'

describe('the provider page for the mock server', () => {
  it('is a form posting the outcome, with escaped club names', () => {
    const html = providerPageHtml(
      {
        link: 'l1',
        status: 'OPEN',
        clubId: 'c',
        clubName: 'Verein <script>',
        accountId: 'a',
        requirements: ['BANK_ACCOUNT'],
        expiresAt: '',
      },
      'l1',
    )
    expect(html).toContain('<html lang="de">')
    expect(html).toContain('Verein &lt;script&gt;')
    expect(html).toContain('<form method="post">')
    for (const outcome of ['COMPLETE', 'PARTIAL', 'CANCEL']) expect(html).toContain(`name="outcome" value="${outcome}"`)
    expect(providerPageHtml(null, 'x')).toContain('Dieser Link ist ungültig.')
  })
})
