type SpinnerProps = { label: string; fullPage?: boolean }

/** A spinner that always says what it waits for, to sighted and screen-reader users alike. */
export function Spinner({ label, fullPage = false }: SpinnerProps) {
  return (
    <div
      className={fullPage ? 'spinner spinner--page' : 'spinner'}
      role="status"
      aria-live="polite"
    >
      <span className="spinner__ring" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  )
}
