import type { ReactNode } from 'react'
import { useRenderLater, type RenderLaterOptions } from '#src/lib/use-render-later.ts'

/**
 * A part further down a screen that renders when it comes near the viewport or the browser is idle
 * (`useRenderLater`); until then its placeholder stands in, with the part's anchor and heading and about its
 * height, so links to it work and little moves when it arrives.
 */
export const RenderLater = ({
  placeholder,
  children,
  className,
  ...options
}: RenderLaterOptions & { placeholder: ReactNode; children: ReactNode; className?: string }) => {
  const [render, ref] = useRenderLater(options)
  return (
    <div ref={ref} className={className} data-render-later={render ? 'rendered' : 'waiting'}>
      {render ? children : placeholder}
    </div>
  )
}
