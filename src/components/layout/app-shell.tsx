import { Trans } from '@lingui/react/macro'
import { ClientOnly, Link, Outlet, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { ReauthenticationHost } from '#src/components/auth/reauthentication-host.tsx'
import { cn } from '#src/lib/cn.ts'
import { afterFirstScreen } from '#src/lib/first-screen.ts'
import { onToastRaised } from '#src/lib/toast.ts'
import { AppLogo } from './app-logo.tsx'
import { DemoBanner as DemoModeBanner } from './demo-banner.tsx'
import { EmailVerificationNotice } from './email-verification-notice.tsx'
import { LoadingOverlay, useLoadingOverlayVisible } from './loading-overlay.tsx'
import { Navigation } from './navigation.tsx'
import { PagePending } from './page-pending.tsx'
import { SiteFooter } from './site-footer.tsx'

// Toasts only follow user actions (sonner replays any toast raised before its Toaster mounts): not needed
// for the first screen, so not in the initial chunk, and loaded after it (or with the first toast).
const Toaster = lazy(() => import('./toaster.tsx').then((module) => ({ default: module.Toaster })))

const LaterToaster = () => {
  const [mounted, setMounted] = useState(false)
  useEffect(() => {
    if (mounted) return
    const mount = () => setMounted(true)
    const stopListening = onToastRaised(mount)
    const cancel = afterFirstScreen(mount)
    return () => {
      stopListening()
      cancel()
    }
  }, [mounted])
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}
// The demo banner exists only in mocked mode (Vite folds this exact expression, so a real build drops it
// entirely). There it is part of the first paint, not loaded after it: appearing later, it pushed the whole
// page down (CLS). Its dialogs load when asked for.
const DemoBanner = import.meta.env.VITE_MOCKS !== 'false' ? DemoModeBanner : () => null

/**
 * The frame of every screen. `pending`: the first load is still deciding what to show (the router's
 * pending state of the root): the same header and footer around a loading state, without the
 * parts that act on the URL or wait for an action.
 */
const ShellFrame = ({ children, pending = false }: { children: ReactNode; pending?: boolean }) => {
  const overlay = useLoadingOverlayVisible()
  // While the screen still loads (the router's pending state: its outline and "Seite wird geladen …") the
  // footer is left out: at the foot of the short outline it would jump down, out of view, as soon as a long
  // screen arrives (CLS). It comes with the screen, below it.
  const screenPending = useRouterState({
    select: (state) => state.matches.some((match) => match.status === 'pending'),
  })
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        <Trans>Zum Inhalt springen</Trans>
      </a>
      <DemoBanner />
      {/* Above the loading overlay while it shows: the navigation, "Abmelden" included, stays usable. */}
      <header className={cn('relative border-b border-slate-200 bg-white', overlay && 'z-[61]')}>
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-bold text-brand-900">
            <AppLogo />
          </Link>
          <Navigation />
        </div>
      </header>
      {!pending && <EmailVerificationNotice />}
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-8">
        {children}
      </main>
      {!pending && !screenPending && <SiteFooter />}
      <LoadingOverlay visible={overlay} />
      {!pending && (
        <>
          {/* "Bitte bestätigen Sie Ihre Anmeldung" when a change needs a recent sign-in; the screen stays mounted. */}
          <ReauthenticationHost />
          {/* After hydration only: a prerendered page (src/prerender.tsx) has no toasts to show. */}
          <ClientOnly>
            <LaterToaster />
          </ClientOnly>
        </>
      )}
    </div>
  )
}

/** Spec §2: banner, navigation, the e-mail-confirmed message, the screen, the footer. */
export const AppShell = () => (
  <ShellFrame>
    <Outlet />
  </ShellFrame>
)

/**
 * The root's pending component: on a full page load the shell and a loading state show at once, while the
 * guard and the screen's loader still wait for the backend (never a blank page).
 */
export const AppShellPending = () => (
  <ShellFrame pending>
    <PagePending />
  </ShellFrame>
)
