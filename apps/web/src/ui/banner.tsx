import type { ReactNode } from 'react'

type BannerProps = {
  tone?: 'info' | 'error' | 'success'
  children: ReactNode
  action?: ReactNode
  /** Holds its place unseen and unreachable: it is about to be shown and must not push the page. */
  reserved?: boolean
  /** On a phone: one short line and small buttons, so it does not eat the screen. */
  compact?: boolean
}

export function Banner({
  tone = 'info',
  children,
  action,
  reserved = false,
  compact = false,
}: BannerProps) {
  return (
    <div
      className={`banner banner--${tone}${reserved ? ' banner--reserved' : ''}${compact ? ' banner--compact' : ''}`}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-hidden={reserved || undefined}
      inert={reserved}
    >
      <div className="banner__text">{children}</div>
      {action ? <div className="banner__action">{action}</div> : null}
    </div>
  )
}
