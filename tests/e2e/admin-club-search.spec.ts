import { switchAccount } from '#tests/journeys/account.ts'
import { changeToIbanOfAnotherBank, openVolumeClubProfile, VOLUME_CLUB } from '#tests/journeys/bank-details.ts'
import { expect as baseExpect, test } from '#tests/journeys/fixtures.ts'

/**
 * Operators find a club among many: by a part of its name (accents aside) or its ZVR number, narrowed to
 * the clubs whose new bank details wait for confirmation or that nobody has checked; the search survives a
 * reload. The user list names each user's clubs and leads to them.
 */
const searchBox = 'Verein suchen (Name oder ZVR-Zahl)'
/**
 * The mocked backend builds its seed (10 000 donations) in the page on the first load; on a machine busy
 * with other work that takes longer than the suite's usual wait.
 */
const expect = baseExpect.configure({ timeout: 30_000 })
test.slow()

test.describe('as administrator', () => {
  test.use({ signedInRole: 'admin' })

  test('searches the release list by name and ZVR number, filters it, and keeps the search on reload', async ({
    page,
  }) => {
    await page.goto('/admin')
    const list = page.getByRole('list', { name: 'Vereine' })
    await expect(page.getByText('31 Vereine gefunden')).toBeVisible()

    await page.getByRole('searchbox', { name: searchBox }).fill('grunbach')
    await expect(page).toHaveURL(/q=grunbach/)
    await expect(list.getByRole('article')).toHaveCount(1)
    const card = list.getByRole('article', { name: VOLUME_CLUB.name })
    const zvr = /ZVR (\d+)/.exec((await card.textContent()) ?? '')![1]!

    await page.reload()
    await expect(page.getByRole('searchbox', { name: searchBox })).toHaveValue('grunbach')
    await expect(list.getByRole('article')).toHaveCount(1)
    await expect(page.getByText('1 Verein gefunden')).toBeVisible()

    // The ZVR number, in groups as people write it.
    await page.getByRole('searchbox', { name: searchBox }).fill(`${zvr.slice(0, 3)} ${zvr.slice(3)}`)
    await expect(page).toHaveURL(new RegExp(`q=${zvr.slice(0, 3)}`))
    await expect(list.getByRole('article', { name: VOLUME_CLUB.name })).toBeVisible()
    await expect(list.getByRole('article')).toHaveCount(1)

    // Nothing matches: the list says so and offers the way back.
    await page.getByRole('searchbox', { name: searchBox }).fill('Gibtsnichtverein')
    await expect(page.getByText('Keine Vereine gefunden')).toBeVisible()
    await page.getByRole('button', { name: 'Suche zurücksetzen' }).click()
    await expect(page.getByRole('searchbox', { name: searchBox })).toHaveValue('')
    await expect(page.getByText('31 Vereine gefunden')).toBeVisible()

    // The filter with the keyboard: Tab reaches the group, the arrow keys choose.
    const filters = page.getByRole('group', { name: 'Anzeigen' })
    await filters.getByRole('radio', { name: 'Alle' }).focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await expect(filters.getByRole('radio', { name: 'Nicht geprüft' })).toBeChecked()
    await expect(page).toHaveURL(/filter=UNCHECKED/)
    await expect(list.getByRole('article').first()).toContainText('Nicht geprüft')
    await expect(list.getByText('Geprüft', { exact: true })).toHaveCount(0)
  })

  test('the user list names each user’s clubs and leads to their overview, also on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 })
    await page.goto('/users?q=verein%40demo.at')
    const row = page.getByRole('table', { name: 'Benutzer' }).getByRole('row').filter({ hasText: 'verein@demo.at' })
    const clubs = row.getByRole('list', { name: 'Vereine von Markus Obermayr' })
    await expect(clubs.getByRole('link')).toHaveText([
      'Musikverein Hallein',
      VOLUME_CLUB.name,
      'Verein Jugend im Dreiländereck Passau e. V.',
    ])
    // On a phone the clubs stand right under the name.
    const nameBox = (await row.getByText('Markus Obermayr').boundingBox())!
    const clubsBox = (await clubs.boundingBox())!
    expect(clubsBox.y).toBeGreaterThan(nameBox.y)
    expect(clubsBox.x + clubsBox.width).toBeLessThanOrEqual(375)

    await clubs.getByRole('link', { name: VOLUME_CLUB.name }).click()
    await expect(page).toHaveURL(new RegExp(`/home\\?id=${VOLUME_CLUB.id}`))
  })
})

test('a club whose new bank details wait for confirmation is found with "Bankprüfung offen"', async ({
  page,
  signedInAs,
}) => {
  await signedInAs('user')
  await page.goto('/home')
  await expect(page.getByRole('region', { name: 'Vereinsübersicht' })).toBeVisible()
  await openVolumeClubProfile(page)
  await changeToIbanOfAnotherBank(page, { iban: 'AT40 2011 1000 0001 2345', bic: 'GIBAATWWXXX' })

  await switchAccount(page, 'admin@demo.at')
  await page.goto('/admin')
  await page.getByRole('group', { name: 'Anzeigen' }).getByText('Bankprüfung offen').click()
  await expect(page).toHaveURL(/filter=BANK_REVIEW_PENDING/)
  const list = page.getByRole('list', { name: 'Vereine' })
  await expect(list.getByRole('article')).toHaveCount(1)
  await expect(list.getByRole('article', { name: VOLUME_CLUB.name })).toContainText('Bankprüfung ausstehend')
})
