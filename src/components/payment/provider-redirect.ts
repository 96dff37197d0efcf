/**
 * Leaves the portal for the card provider's hosted pages, its onboarding or a donation's checkout (a full
 * page load: the provider's page is not part of the app). One function, so tests can observe the hand-off
 * instead of navigating away.
 */
export const providerRedirect = {
  go: (url: string): void => {
    globalThis.location.assign(url)
  },
}
