import { Trans } from '@lingui/react/macro'
import { Link, Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { ReauthenticationHost } from '@/components/auth/reauthentication-host'
import { AppLogo } from './app-logo'
import { EmailVerificationNotice } from './email-verification-notice'
import { LoadingOverlay } from './loading-overlay'
import { Navigation } from './navigation'
import { SiteFooter } from './site-footer'

// Neither is needed for the first paint, so neither weighs on the initial chunk: toasts only follow user
// actions (sonner replays any toast raised before its Toaster mounts), and the demo banner exists only in
// mocked mode (Vite folds this exact expression, so a real build drops it entirely).
const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })))
const DemoBanner =
  import.meta.env.VITE_MOCKS !== 'false'
    ? lazy(() => import('./demo-banner').then((module) => ({ default: module.DemoBanner })))
    : () => null

/** Spec §2: banner, navigation, the e-mail-confirmed message, the screen, the footer. */
export const AppShell = () => (
  <div className="flex min-h-dvh flex-col">
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
    >
      <Trans>Zum Inhalt springen</Trans>
    </a>
    <Suspense fallback={null}>
      <DemoBanner />
    </Suspense>
    <header className="relative border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-bold text-brand-900">
          <AppLogo />
        </Link>
        <Navigation />
      </div>
    </header>
    <EmailVerificationNotice />
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-8">
      <Outlet />
    </main>
    <SiteFooter />
    <LoadingOverlay />
    {/* "Bitte bestätigen Sie Ihre Anmeldung" when a change needs a recent sign-in; the screen stays mounted. */}
    <ReauthenticationHost />
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  </div>
)
