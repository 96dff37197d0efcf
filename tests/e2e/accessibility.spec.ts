import AxeBuilder from '@axe-core/playwright'
import { expect, test, type AccountName } from '#tests/journeys/fixtures.ts'

/**
 * Every route of spec §2, checked by axe against WCAG 2.2 AA as the visitor who may open it: no serious
 * or critical violation. Dialog-heavy states are covered by the journeys; this is the page as it opens.
 */
const CLUB = 'club-sv-gruenbach'
const CAMPAIGN = 'cmp-gruenbach-kunstrasen'

const ROUTES: Array<{ path: string; as?: AccountName }> = [
  { path: '/' },
  { path: '/login' },
  { path: '/acceptInvitation' },
  { path: '/payment' },
  { path: '/payment/return' },
  { path: '/success?from=registration' },
  { path: '/register_organisation' },
  { path: '/home', as: 'user' },
  { path: '/users', as: 'admin' },
  { path: '/admin', as: 'admin' },
  { path: '/admin?tab=audit', as: 'admin' },
  { path: '/pwdchange', as: 'staff' },
  { path: `/club/${CLUB}/false`, as: 'user' },
  { path: `/campaign/${CLUB}`, as: 'user' },
  { path: `/campaign/${CLUB}/${CAMPAIGN}`, as: 'user' },
  { path: '/gibt-es-nicht' },
]

for (const route of ROUTES) {
  test.describe(() => {
    // Signed in from the browser state saved once per worker, in a warm browser per visitor (fixtures.ts).
    test.use({ signedInRole: route.as })

    test(`${route.path} has no serious accessibility violations`, async ({ warmPage: page }) => {
      await page.goto(route.path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByTestId('loading-overlay')).toHaveCount(0)

      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze()
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
        )
      expect(serious).toEqual([])
    })
  })
}
