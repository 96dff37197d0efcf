/**
 * Where the stand-in for the card provider's hosted onboarding lives, on the mocked backend and on the
 * server alike (docs/handoff/mock-identity-protocol.md, "Card provider"): the onboarding and checkout
 * pages, and the JSON calls their in-browser versions make.
 */
export const PROVIDER_PAGE_PATH = '/__mock/provider/onboarding'
export const PROVIDER_LINK_PATH = '/__mock/provider/link'
export const PROVIDER_SUBMIT_PATH = '/__mock/provider/submit'
export const PROVIDER_CHECKOUT_PATH = '/__mock/provider/checkout'
export const PROVIDER_SESSION_PATH = '/__mock/provider/session'
export const PROVIDER_PAY_PATH = '/__mock/provider/pay'
