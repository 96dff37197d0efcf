import { Trans } from '@lingui/react/macro'

/** The portal's name with its mark; the administrators' uploaded logo replaces the mark (issue 6). */
export const AppLogo = () => (
  <>
    <svg className="size-8 shrink-0" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path
        d="M8 9l8 15 8-15"
        fill="none"
        stroke="#fff"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
    <span>
      <Trans>Vereinsportal</Trans>
    </span>
  </>
)
