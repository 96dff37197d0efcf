/**
 * A campaign's public donation page as donors open it (`https://portal.example/spenden/<campaignId>`):
 * absolute, because clubs paste it into mails, newsletters and social media. The origin is the page's
 * own: the portal serves the donation page from wherever it is served itself.
 */
export const donationPageUrl = (campaignId: string, origin: string = globalThis.location.origin): string =>
  `${origin.replace(/\/+$/, '')}/spenden/${encodeURIComponent(campaignId)}`
