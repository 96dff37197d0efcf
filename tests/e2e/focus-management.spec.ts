import type { Locator, Page } from '@playwright/test'
import { expect, test } from '#tests/journeys/fixtures.ts'
import { acceptTermsAndFinish, field, fillRegistrationUpToTerms, fixture } from '#tests/journeys/forms.ts'

/**
 * WCAG 2.4.3 (focus order), tried by keyboard: after every action the focus is somewhere sensible, never
 * dropped to the page (`document.activeElement` is <body>), from where the next Tab starts at the top.
 */

/** Sportunion Leoben: registered, incomplete; represented by neu@demo.at. */
const INCOMPLETE_CLUB = 'club-su-leoben'
const PAYMENT_CLUB = 'Kulturverein Bregenzer Kulturbühne' // ACTIVE, no payment account

/** What has the focus, as a person would describe it: never the page itself. */
const expectFocusNotLost = async (page: Page) =>
  expect.poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'BODY')).not.toBe('BODY')

/** The focus is on `locator`, and so not on the page. */
const expectFocusOn = async (page: Page, locator: Locator) => {
  await expect(locator).toBeFocused()
  await expectFocusNotLost(page)
}

/** Opens a user's delete dialog from its focused button by keyboard and confirms it. */
const deleteUserByKeyboard = async (page: Page, remove: Locator) => {
  await remove.focus()
  await page.keyboard.press('Enter')
  await page
    .getByRole('dialog', { name: 'Benutzer löschen?' })
    .getByRole('button', { name: 'Endgültig löschen' })
    .click()
  await expect(page.getByText('Benutzer wurde entfernt.')).toBeVisible()
}

test.describe('Vereinsprofil', () => {
  test.use({ signedInRole: 'newUser' })

  test('after "Speichern" the focus is on the save alert (/true) or stays on the button (/false)', async ({ page }) => {
    await page.goto(`/club/${INCOMPLETE_CLUB}/true`)
    await field(page, 'Steuernummer').fill('12 345/6789')
    const save = page.getByRole('button', { name: 'Speichern', exact: true })
    await save.focus()
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('dialog', { name: 'Unvollständige Daten speichern?' })
    await confirm.getByRole('button', { name: 'Trotzdem speichern' }).focus()
    await page.keyboard.press('Enter')
    const alert = page.getByRole('status').filter({ hasText: 'Vereinsdaten wurden aktualisiert' })
    await expect(alert).toBeVisible()
    // The alert's frame takes the focus, so its whole text is read out.
    await expectFocusOn(page, alert.locator('..'))

    await page.goto(`/club/${INCOMPLETE_CLUB}/false`)
    await field(page, 'Steuernummer').fill('98 765/4321')
    await save.focus()
    await page.keyboard.press('Enter')
    await confirm.getByRole('button', { name: 'Trotzdem speichern' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByText('Alle Änderungen sind gespeichert.')).toBeVisible()
    await expectFocusOn(page, save)
  })

  test('an upload keeps the focus on its picker; a deleted image hands it to the next, the last to the heading', async ({
    page,
  }) => {
    await page.goto(`/club/${INCOMPLETE_CLUB}/false`)
    const gallery = page.getByRole('region', { name: 'Bilder' })
    const picker = field(gallery, 'Bild hinzufügen')
    const list = gallery.getByRole('list', { name: 'Bilder' })
    for (const count of [1, 2]) {
      await picker.focus()
      await picker.setInputFiles(fixture('vereinsfoto.jpg'))
      await expect(list.getByRole('listitem')).toHaveCount(count)
      // Busy while it uploads (no second file), but the focus never left the picker.
      await expect(picker).not.toHaveAttribute('aria-disabled', 'true')
      await expectFocusOn(page, picker)
    }

    const deleteButtons = list.getByRole('button', { name: /^Löschen/ })
    await deleteButtons.first().focus()
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('dialog', { name: 'Datei löschen?' })
    await confirm.getByRole('button', { name: 'Löschen' }).click()
    await expect(list.getByRole('listitem')).toHaveCount(1)
    // The next image (now the first) has the focus at its "Löschen".
    await expectFocusOn(page, deleteButtons.first())

    await page.keyboard.press('Enter')
    await confirm.getByRole('button', { name: 'Löschen' }).click()
    await expect(gallery.getByText('Noch keine Bilder hochgeladen.')).toBeVisible()
    await expectFocusOn(page, gallery.getByRole('heading', { name: 'Bilder' }))
  })
})

test.describe('Administration', () => {
  test.use({ signedInRole: 'admin' })

  test('deleting a user hands the focus to the next user in the list', async ({ page }) => {
    await page.goto('/users')
    const rows = page.getByRole('table', { name: 'Benutzer' }).getByRole('row')
    await expect(rows.nth(3)).toBeVisible()
    // The first user whose delete button is open, and the user after them.
    const names = await rows.evaluateAll((all) =>
      all.map((row) => {
        const button = row.querySelector<HTMLButtonElement>('button[aria-label$=" löschen"]')
        return button && !button.disabled ? (button.getAttribute('aria-label') ?? '') : ''
      }),
    )
    const index = names.findIndex((name, at) => name && names[at + 1])
    expect(index).toBeGreaterThanOrEqual(0)
    const [doomed, next] = [names[index]!, names[index + 1]!]

    await deleteUserByKeyboard(page, page.getByRole('button', { name: doomed, exact: true }))
    await expect(page.getByRole('button', { name: doomed, exact: true })).toHaveCount(0)
    await expectFocusOn(page, page.getByRole('button', { name: next, exact: true }))
  })

  test("deleting the only user a search found hands the focus to the message that takes the list's place", async ({
    page,
  }) => {
    await page.goto('/users?q=martin.aigner')
    const remove = page.getByRole('table', { name: 'Benutzer' }).getByRole('button', { name: / löschen$/ })
    await expect(remove).toHaveCount(1)
    await deleteUserByKeyboard(page, remove)
    // Not the page's heading: the place where the list stood, which says what is left and what to do.
    await expectFocusOn(page, page.getByText('Keine Benutzer gefunden').locator('..'))
    await expect(page.locator(':focus')).toContainText('Ändern Sie den Suchbegriff.')
  })

  test('deleting a club type or a club role keeps the focus in its list', async ({ page }) => {
    for (const kind of [
      { tab: '/admin?tab=types', field: 'Neue Vereinsart', add: 'Vereinsart hinzufügen', list: 'Vereinsarten' },
      { tab: '/admin?tab=roles', field: 'Neue Vereinsrolle', add: 'Vereinsrolle hinzufügen', list: 'Vereinsrollen' },
    ]) {
      await page.goto(kind.tab)
      await page.getByRole('textbox', { name: kind.field }).fill('Aaa Probe')
      await page.getByRole('button', { name: kind.add }).click()
      const list = page.getByRole('list', { name: kind.list })
      const item = list.getByRole('listitem').filter({ hasText: 'Aaa Probe' })
      await item.getByRole('button', { name: 'Aaa Probe löschen' }).focus()
      await page.keyboard.press('Enter')
      await page.getByRole('dialog').getByRole('button', { name: 'Endgültig löschen' }).click()
      await expect(item).toHaveCount(0)
      // The item now in its place (or its own "Löschen" where that is open).
      await expectFocusNotLost(page)
      await expect
        .poll(() =>
          page.evaluate((name) => Boolean(document.activeElement?.closest(`ul[aria-label="${name}"] > li`)), kind.list),
        )
        .toBe(true)
    }
  })

  test('a payment account: after "Zahlungskonto angelegt" and after deleting, the focus is on the club’s account', async ({
    page,
  }) => {
    await page.goto('/admin?status=ACTIVE&clubType=ct-kulturverein')
    const account = page.getByRole('article', { name: PAYMENT_CLUB }).getByRole('region', { name: 'Zahlungskonto' })
    const heading = account.getByRole('heading', { name: 'Zahlungskonto' })

    await account.getByRole('button', { name: `Zahlungskonto anlegen (${PAYMENT_CLUB})` }).focus()
    await page.keyboard.press('Enter')
    await page
      .getByRole('dialog', { name: `Zahlungskonto für ${PAYMENT_CLUB} anlegen?` })
      .getByRole('button', { name: 'Zahlungskonto anlegen' })
      .click()
    const created = page.getByRole('dialog', { name: 'Zahlungskonto angelegt' })
    await created.getByRole('button', { name: 'Schließen' }).click()
    await expect(created).toHaveCount(0)
    await expectFocusOn(page, heading)

    await account.getByRole('button', { name: `Zahlungskonto löschen (${PAYMENT_CLUB})` }).focus()
    await page.keyboard.press('Enter')
    await page
      .getByRole('dialog', { name: `Zahlungskonto von ${PAYMENT_CLUB} löschen?` })
      .getByRole('button', { name: 'Endgültig löschen' })
      .click()
    await expect(account).toContainText('Keines')
    await expectFocusOn(page, heading)
  })
})

test.describe('A new page takes the focus at its h1', () => {
  test('after signing in', async ({ page, signedInAs }) => {
    await signedInAs('user')
    await expectFocusOn(page, page.getByRole('heading', { level: 1 }))
  })

  test('after the registration’s last step', async ({ page }) => {
    await page.goto('/register_organisation')
    await fillRegistrationUpToTerms(page, {
      club: 'Schachklub Fokus',
      email: 'obfrau@schachklub-fokus.at',
      expectHeadings: false,
    })
    await acceptTermsAndFinish(page)
    await expect(page).toHaveURL(/\/success\?from=registration/)
    await expectFocusOn(page, page.getByRole('heading', { level: 1 }))
  })

  test.describe(() => {
    test.use({ signedInRole: 'user' })

    test('after creating a campaign', async ({ page }) => {
      const VOLUME = 'club-sv-gruenbach'
      await page.goto(`/campaign/${VOLUME}`)
      const fill = (label: string, value: string) => page.getByLabel(new RegExp(`^${label}`)).fill(value)
      await fill('Name der Kampagne', 'Neue Ballnetze')
      await fill('Beschreibung', 'Ballfangnetze hinter beiden Toren.')
      await fill('Spendenziel', '2.500,00')
      await fill('Vorgeschlagener Betrag', '25')
      await fill('Mindestspende', '5')
      await fill('Datum des Anlasses', '2031-09-12')
      await fill('Uhrzeit', '17:30')
      await fill('Spenden ab', '2031-07-01')
      await fill('Spenden bis', '2031-09-10')
      await page.getByRole('button', { name: 'Kampagne anlegen' }).focus()
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(new RegExp(`/campaign/${VOLUME}/[^/?]+`))
      await expectFocusOn(page, page.getByRole('heading', { level: 1 }))
    })

    test('a link focused by keyboard preloads its page without the loading overlay over it', async ({ page }) => {
      await page.goto('/campaign/club-sv-gruenbach')
      // A first load on a busy machine may take longer than an expectation's usual 10 s.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 })
      await expect(page.getByTestId('loading-overlay')).toHaveCount(0)
      // From now on every answer of the mocked backend takes 1 s: counted, the overlay would show after 0.2 s.
      await page.evaluate(async () => {
        await fetch('/__mock/faults', {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ delayMs: 1000 }),
        })
      })
      await page.evaluate(() => {
        const seen = new MutationObserver(() => {
          if (document.querySelector('[data-testid="loading-overlay"]')) document.body.dataset.overlaySeen = 'yes'
        })
        seen.observe(document.body, { childList: true, subtree: true })
      })
      const overview = page
        .getByRole('navigation', { name: 'Hauptnavigation' })
        .getByRole('link', { name: 'Übersicht' })
      const preload = page.waitForResponse((response) => response.url().includes('/api/'))
      await overview.focus()
      await preload
      await expect(overview).toBeFocused()
      expect(await page.evaluate(() => document.body.dataset.overlaySeen ?? 'no')).toBe('no')
    })
  })
})

test.describe('Focus not obscured by the sticky "Speichern" bar (WCAG 2.4.11)', () => {
  test.use({ signedInRole: 'newUser' })

  for (const width of [1280, 375]) {
    test(`at ${width} px: a focused field scrolls clear of the bar, and toasts leave "Speichern" free`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width > 400 ? 800 : 812 })
      await page.goto(`/club/${INCOMPLETE_CLUB}/false`)
      const save = page.getByRole('button', { name: 'Speichern', exact: true })
      const bar = save.locator('..')
      // A first load on a busy machine may take longer than an expectation's usual 10 s.
      await expect(save).toBeVisible({ timeout: 30_000 })

      /** Puts `target` just under the bar's lower edge, where a focus would be hidden behind it. */
      const hideBehindBar = (target: Locator) =>
        target.evaluate((element) => {
          window.scrollBy(0, element.getBoundingClientRect().top - (window.innerHeight - 24))
        })
      const expectClearOfBar = async (target: Locator) => {
        const [box, barBox] = [await target.boundingBox(), await bar.boundingBox()]
        expect(box!.y + box!.height).toBeLessThanOrEqual(barBox!.y)
        expect(box!.y).toBeGreaterThanOrEqual(0)
      }

      // Tab from the field before it, as a keyboard user goes down the form.
      for (const [before, label] of [
        ['Kurzbeschreibung', 'Beschreibung'],
        ['Beschreibung', 'Straße'],
        ['Kontoinhaber/in', 'IBAN'],
      ] as const) {
        const target = field(page, label)
        await hideBehindBar(target)
        await field(page, before).evaluate((element) => (element as HTMLElement).focus({ preventScroll: true }))
        await page.keyboard.press('Tab')
        await expect(target).toBeFocused()
        await expectClearOfBar(target)
      }

      // The first invalid field, focused by the failed check, is not behind the bar either.
      const iban = field(page, 'IBAN')
      await iban.fill('AT61 1904 3002 3457 3202')
      await hideBehindBar(iban)
      await save.click()
      await expect(iban).toBeFocused()
      await expectClearOfBar(iban)

      // The error toast, then the success toast after a save: above the bar, never over "Speichern".
      const toasts = page.getByRole('region', { name: /Benachrichtigungen/ }).getByRole('listitem')
      const expectToastBesideSave = async (text: string) => {
        const toast = toasts.filter({ hasText: text })
        await expect(toast).toBeVisible()
        // Where the toast comes to rest: it slides in from below.
        await expect
          .poll(
            async () => {
              const [box, saveBox] = [await toast.boundingBox(), await save.boundingBox()]
              // Two boxes overlap when they overlap both across and down.
              const across = Math.min(box!.x + box!.width, saveBox!.x + saveBox!.width) - Math.max(box!.x, saveBox!.x)
              const down = Math.min(box!.y + box!.height, saveBox!.y + saveBox!.height) - Math.max(box!.y, saveBox!.y)
              return Math.min(across, down)
            },
            { message: `the toast "${text}" covers "Speichern"`, timeout: 2000 },
          )
          .toBeLessThanOrEqual(0)
      }
      await expectToastBesideSave('Bitte prüfen Sie die markierten Felder.')
      await iban.fill('AT61 1904 3002 3457 3201')
      await save.click()
      await page
        .getByRole('dialog', { name: 'Unvollständige Daten speichern?' })
        .getByRole('button', { name: 'Trotzdem speichern' })
        .click()
      await expectToastBesideSave('Vereinsdaten wurden aktualisiert')
    })
  }
})
