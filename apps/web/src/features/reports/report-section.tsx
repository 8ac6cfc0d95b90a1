import type { ReactNode } from 'react'

/** A card of the report under its heading, which names it for screen readers. */
export function ReportSection({
  id,
  title,
  className,
  children,
}: {
  id: string
  title: ReactNode
  className?: string
  children: ReactNode
}) {
  return (
    <section
      className={className ? `card report__section ${className}` : 'card report__section'}
      aria-labelledby={id}
    >
      <h2 id={id} className="report__title">
        {title}
      </h2>
      {children}
    </section>
  )
}
