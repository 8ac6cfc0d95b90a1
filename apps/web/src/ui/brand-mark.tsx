import { useId } from 'react'

/** The Areia mark: a sun over a wave on sand, drawn inline so it needs no extra request. */
export function BrandMark({ size = 32 }: { size?: number }) {
  const clip = useId()
  return (
    <svg className="brand-mark" viewBox="0 0 40 40" width={size} height={size} aria-hidden="true">
      <clipPath id={clip}>
        <rect width="40" height="40" rx="10" />
      </clipPath>
      <g clipPath={`url(#${clip})`}>
        <rect width="40" height="40" fill="#0B4F6C" />
        <circle cx="20" cy="16" r="7" fill="#F4C27A" />
        <path d="M0 26c5-3 8-3 12 0s8 3 12 0 10-3 16 0v14H0z" fill="#6EC6CA" />
        <path d="M0 31c5-3 8-3 12 0s8 3 12 0 10-3 16 0v9H0z" fill="#F4E9D8" />
      </g>
    </svg>
  )
}
