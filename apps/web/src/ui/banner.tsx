import type { ReactNode } from 'react'

type BannerProps = {
  tone?: 'info' | 'error' | 'success'
  children: ReactNode
  action?: ReactNode
  /** Holds its place unseen and unreachable: it is about to be shown and must not push the page. */
  reserved?: boolean
}

export function Banner({ tone = 'info', children, action, reserved = false }: BannerProps) {
  return (
    <div
      className={`banner banner--${tone}${reserved ? ' banner--reserved' : ''}`}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-hidden={reserved || undefined}
      inert={reserved}
    >
      <div className="banner__text">{children}</div>
      {action ? <div className="banner__action">{action}</div> : null}
    </div>
  )
}
