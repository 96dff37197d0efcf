import type { ReactNode } from 'react'
import { cn } from '#src/lib/cn.ts'
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
    // Out of view the browser skips its layout and paint too (content-visibility), at the size it last had.
    <div
      ref={ref}
      className={cn('[contain-intrinsic-size:auto_30rem] [content-visibility:auto]', className)}
      data-render-later={render ? 'rendered' : 'waiting'}
    >
      {render ? children : placeholder}
    </div>
  )
}
