import { describe, expect, expectTypeOf, it } from 'vitest'
import { prerenderedFile, withPage } from '#scripts/build/prerender-plugin.ts'
import type { PrerenderModule } from '#scripts/build/prerender-plugin.ts'
import type * as Prerender from '#src/prerender.tsx'

const TEMPLATE = `<!doctype html>
<html lang="de">
  <head>
    <title>Vereinsportal</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root">
      <div class="outline"><p role="status">Wird geladen …</p></div>
    </div>
    <noscript>Bitte aktivieren Sie JavaScript.</noscript>
  </body>
</html>`

describe('the prerendered pages', () => {
  it('are rendered by the module the plugin expects (checked by the type check)', () => {
    expectTypeOf<typeof Prerender>().toExtend<PrerenderModule>()
  })

  it('are written one file per path', () => {
    expect(prerenderedFile('/')).toBe('prerendered/index.html')
    expect(prerenderedFile('/login')).toBe('prerendered/login.html')
    expect(prerenderedFile('/payment/return')).toBe('prerendered/payment/return.html')
    // A page prerendered for any value of a parameter (server/static.ts matches the `$` segment).
    expect(prerenderedFile('/spenden/$campaignId')).toBe('prerendered/spenden/$campaignId.html')
    expect(prerenderedFile('/spenden/$campaignId/danke')).toBe('prerendered/spenden/$campaignId/danke.html')
  })

  it('put the page into #root in place of the outline, marked with its path, and its title into the head', () => {
    const page =
      '<title>Anmelden · Vereinsportal</title><div><h1>Anmelden</h1></div><script>scrollTo(0,0);document.currentScript.remove()</script>'
    const html = withPage(TEMPLATE, '/login', page)
    expect(html).toContain('<div id="root" data-prerendered="/login"><div><h1>Anmelden</h1></div></div>')
    expect(html).not.toContain('Wird geladen')
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html).toContain('<head>\n    <title>Anmelden · Vereinsportal</title>')
    // No inline script (the Content-Security-Policy allows none); the module script stays.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(html).toContain('src="/assets/index-abc.js"')
    expect(html).toContain('<noscript>')
  })

  it('refuses a template without the root to fill', () => {
    expect(() => withPage('<html><body></body></html>', '/', '<h1>x</h1>')).toThrow(/root/)
  })
})
