import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate, useRouter, useRouterState } from '@tanstack/react-router'
import { useState } from 'react'
import type { Role } from '#openapi/generated/model/role.ts'
import { Button } from '#src/components/ui/button.tsx'
import { safeRedirect } from '#src/lib/auth/redirect.ts'
import { useAuth, useAuthUser, useCurrentUser } from '#src/lib/auth/use-auth.ts'
import { cn } from '#src/lib/cn.ts'

type NavPath = '/home' | '/users' | '/admin' | '/register_organisation' | '/pwdchange'

interface NavItem {
  to: NavPath
  label: MessageDescriptor
  /**
   * Who sees the item. Guarded routes take their roles from the route's `staticData.roles` (the guard's
   * source), so navigation and guard cannot disagree; `/register_organisation` is public but, per spec §2,
   * offered in the navigation to administrators and staff only.
   */
  roles?: readonly Role[]
}

const NAV_ITEMS: readonly NavItem[] = [
  { to: '/home', label: msg`Übersicht` },
  { to: '/users', label: msg`Benutzer` },
  { to: '/admin', label: msg`Administration` },
  { to: '/register_organisation', label: msg`Verein registrieren`, roles: ['ROLE_ADMIN', 'ROLE_STAFF'] },
  { to: '/pwdchange', label: msg`Passwort ändern` },
]

export const useVisibleNavItems = (): readonly NavItem[] => {
  const router = useRouter()
  const { data: me } = useCurrentUser()
  if (!me) return []
  return NAV_ITEMS.filter((item) => {
    const roles = item.roles ?? router.routesByPath[item.to].options.staticData?.roles
    return !roles || roles.includes(me.role)
  })
}

/**
 * Where the header's "Anmelden" should lead back to: the page that is open, or, on the start page and the
 * sign-in page, the `redirect` they already carry (the guard's original target). Only same-site paths
 * (`safeRedirect`); none for the start and sign-in pages themselves.
 */
const useSignInRedirect = (): string | undefined => {
  const location = useRouterState({ select: (state) => state.location })
  const carried = (location.search as { redirect?: unknown }).redirect
  const target =
    location.pathname === '/' || location.pathname === '/login'
      ? safeRedirect(carried, '')
      : safeRedirect(location.href, '')
  return target || undefined
}

export const Navigation = () => {
  const { t, i18n } = useLingui()
  const user = useAuthUser()
  const auth = useAuth()
  const navigate = useNavigate()
  const items = useVisibleNavItems()
  const [open, setOpen] = useState(false)
  const signedIn = Boolean(user?.uid && user.emailVerified)
  const signInRedirect = useSignInRedirect()

  const signOut = async () => {
    setOpen(false)
    await auth.signOut()
    await navigate({ to: '/login' })
  }

  const linkClass =
    'block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-900 md:text-sm'
  const activeClass = 'bg-brand-50 text-brand-900'

  return (
    <nav aria-label={t`Hauptnavigation`} className="md:flex md:items-center">
      <Button
        variant="ghost"
        size="sm"
        className="md:hidden"
        aria-expanded={open}
        aria-controls="main-menu"
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <Trans>Menü schließen</Trans> : <Trans>Menü</Trans>}
      </Button>
      <ul
        id="main-menu"
        className={cn(
          'absolute inset-x-0 top-full z-30 flex-col gap-1 border-b border-slate-200 bg-white p-3 shadow-md md:static md:flex md:flex-row md:items-center md:border-0 md:p-0 md:shadow-none',
          open ? 'flex' : 'hidden',
        )}
      >
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={linkClass}
              activeProps={{ className: activeClass }}
              onClick={() => setOpen(false)}
            >
              {i18n._(item.label)}
            </Link>
          </li>
        ))}
        {signedIn ? (
          <li>
            <button type="button" className={cn(linkClass, 'w-full text-left')} onClick={() => void signOut()}>
              <Trans>Abmelden</Trans>
            </button>
          </li>
        ) : (
          <li>
            <Link
              to="/login"
              search={signInRedirect ? { redirect: signInRedirect } : {}}
              className={linkClass}
              activeProps={{ className: activeClass }}
              onClick={() => setOpen(false)}
            >
              <Trans>Anmelden</Trans>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  )
}
