import { Fragment } from 'react'

/**
 * An address that wraps, where the column is narrow, before its `@` (`martin.aigner` / `@icloud.com`), and
 * only where the name does not fit on a line of its own also before a dot in it; not inside a word. The
 * domain offers no break of its own, so a line breaks before the `@` rather than before `.com`. On phones,
 * where the row is a card, a part too long for any line is broken anywhere (`wrap-anywhere`) rather than run
 * past the screen's edge, and `min-w-0` lets the address shrink beside its column name; the wide table
 * scrolls sideways instead. The text stays one run of text nodes in one element, as it reads.
 */
export const EmailAddress = ({ email }: { email: string }) => {
  const at = email.lastIndexOf('@')
  const parts = at > 0 ? [...email.slice(0, at).split(/(?=\.)/), email.slice(at)] : [email]
  return (
    <span className="min-w-0 max-md:wrap-anywhere">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
