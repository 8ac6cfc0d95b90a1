import type { ReactNode } from 'react'

type BannerProps = { tone?: 'info' | 'error' | 'success'; children: ReactNode; action?: ReactNode }

export function Banner({ tone = 'info', children, action }: BannerProps) {
  return (
    <div className={`banner banner--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="banner__text">{children}</div>
      {action ? <div className="banner__action">{action}</div> : null}
    </div>
  )
}
