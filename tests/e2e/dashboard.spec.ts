import { expect, latestMail, readMailbox, test } from '#tests/journeys/fixtures.ts'
import { EMAIL_ADDRESS, expectAddressesWrapWell, textLines } from '#tests/journeys/text-lines.ts'

const VOLUME = 'club-sv-gruenbach'

test.describe('Dashboard', () => {
  test.use({ signedInRole: 'user' })

  test('a representative of two clubs switches the active club, and it survives a reload', async ({ page }) => {
    await page.goto('/home')
    // The first club by name.
    await expect(page.getByRole('heading', { level: 1, name: 'Musikverein Hallein' })).toBeVisible()
    await page.getByLabel('Aktiver Verein').selectOption({ label: 'SV Grünbach 1923 (Obmann/Obfrau)' })
    await expect(page.getByRole('heading', { level: 1, name: 'SV Grünbach 1923' })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/home\\?id=${VOLUME}`))

    // A plain /home (the navigation link) and a reload keep the chosen club.
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Übersicht' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'SV Grünbach 1923' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'SV Grünbach 1923' })).toBeVisible()
  })

  test('the chart renders for the 10 000-donation club and follows the grouping', async ({ page }) => {
    await page.goto(`/home?id=${VOLUME}`)
    const chart = page.getByTestId('donation-chart')
    const bars = chart.locator('svg .recharts-bar-rectangle')
    // Twelve months by default: one bar per month.
    await expect(bars).toHaveCount(12)
    const summary = page.getByTestId('chart-summary')
    await expect(summary).toContainText(/sind €\s[\d.]+,\d\d aus [\d.\s]+ Spenden eingegangen/)
    const monthly = await summary.textContent()

    await page.getByLabel('Gruppierung').selectOption('WEEK')
    await expect(page).toHaveURL(/cGroup=WEEK/)
    await expect.poll(() => bars.count()).toBeGreaterThanOrEqual(50)
    await expect(summary).toContainText('KW ')
    await expect(summary).not.toHaveText(monthly ?? '')

    // Day by day over a year is drawn as an area instead of 365 hairline bars.
    await page.getByLabel('Gruppierung').selectOption('DAY')
    await expect(chart.locator('svg .recharts-area-area')).toHaveCount(1)

    // The same figures as a table, for everybody who cannot see the chart.
    await page.getByText('Daten als Tabelle anzeigen').click()
    await expect(page.getByRole('table', { name: 'Spenden je Zeitraum' }).getByRole('row')).not.toHaveCount(0)
  })

  test('the amount axis: one "€ 0" on an empty chart, amounts grouped as in the text', async ({ page }) => {
    // A year long before the first donation: nothing to draw.
    await page.goto(`/home?id=${VOLUME}&cGroup=MONTH&cFrom=2001-01-01&cTo=2001-12-31`)
    const chart = page.getByTestId('donation-chart')
    await expect(page.getByTestId('chart-summary')).toContainText('sind keine Spenden eingegangen')
    const amountTicks = chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
    await expect(amountTicks).toHaveText([/^€\s0$/])

    // With donations: distinct ticks in whole euros, thousands with the dot the summary uses too.
    await page.goto(`/home?id=${VOLUME}`)
    await expect(chart.locator('svg .recharts-bar-rectangle')).toHaveCount(12)
    const labels = (await amountTicks.allTextContents()).map((label) => label.replace(/[\u00a0\u202f]/g, ' '))
    expect(labels.length).toBeGreaterThan(2)
    expect(new Set(labels).size).toBe(labels.length)
    labels.forEach((label) => expect(label).toMatch(/^€ (\d{1,3}(\.\d{3})*|\d+(,\d+)? Mio\.)$/))
    const summary = (await page.getByTestId('chart-summary').textContent()) ?? ''
    expect(summary.replace(/[\u00a0\u202f]/g, ' ')).toMatch(/aus \d{1,3}(\.\d{3})* Spenden eingegangen/)
  })

  test('a representative invites a member; the invitation is listed and mailed', async ({ page }) => {
    await page.goto(`/home?id=${VOLUME}`)
    const form = page.getByRole('form', { name: 'Person einladen' })
    const email = `neues.mitglied.${Date.now()}@example.at`
    await form.getByLabel('E-Mail-Adresse').fill(email)
    await form.getByLabel('Rolle im Verein').selectOption({ label: 'Kassier/in' })
    await form.getByRole('button', { name: 'Einladung senden' }).click()
    await expect(page.getByText(`Einladung an ${email} wurde versendet.`)).toBeVisible()

    const row = page.getByRole('region', { name: 'Mitglieder' }).getByTestId('member-row').filter({ hasText: email })
    await expect(row).toContainText('Eingeladen')

    const mail = await latestMail(page, email, 'INVITATION')
    expect(mail.link).toMatch(/\/acceptInvitation\?token=/)

    // The form is empty again, the role too: the next person's role is chosen for them.
    await expect(form.getByLabel('E-Mail-Adresse')).toHaveValue('')
    await expect(form.getByLabel('Rolle im Verein')).toHaveValue('')

    // A member of the club is refused at the field, and nothing is mailed.
    await form.getByLabel('E-Mail-Adresse').fill('kassierin@demo.at')
    await form.getByLabel('Rolle im Verein').selectOption({ label: 'Kassier/in' })
    await form.getByRole('button', { name: 'Einladung senden' }).click()
    await expect(form.getByText('Diese Person ist bereits Mitglied des Vereins.')).toBeVisible()
    expect(
      (await readMailbox(page)).filter(
        (candidate) => candidate.to === 'kassierin@demo.at' && candidate.kind === 'INVITATION',
      ),
    ).toHaveLength(0)
  })

  test('on a phone the members\' e-mail addresses wrap before "@" or a dot, never inside a name', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 })
    await page.goto(`/home?id=${VOLUME}`)
    const members = page.getByRole('table', { name: 'Mitglieder und offene Einladungen' })
    const addresses = members.getByText(EMAIL_ADDRESS)
    await expect(addresses.first()).toBeVisible()

    const layout = await textLines(addresses)
    expect(layout.length).toBeGreaterThan(1)
    expectAddressesWrapWell(layout, 375)
  })

  test.describe('of an incomplete club', () => {
    test.use({ signedInRole: 'newUser' })

    test('an incomplete club sees what is missing and gets to the profile form', async ({ page }) => {
      await page.goto('/home')
      const hint = page.getByText('Ihr Vereinsprofil ist noch nicht vollständig')
      await expect(hint).toBeVisible()
      const missing = page.getByRole('list', { name: 'Fehlende Angaben' })
      await expect(missing.getByRole('listitem').first()).toBeVisible()
      expect(await missing.getByRole('listitem').count()).toBeGreaterThan(3)
      await page.getByRole('link', { name: 'Profil vervollständigen' }).click()
      await expect(page).toHaveURL(/\/club\/club-su-leoben\/true$/)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    })
  })
})
