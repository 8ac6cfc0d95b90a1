/** What the browser offers for installing the app and for push. */

export function isIos(): boolean {
  const { userAgent, maxTouchPoints } = navigator
  // iPadOS presents itself as a Mac; only its touch screen gives it away.
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
}

/** Safari itself: other iOS browsers and in-app web views cannot add the app to the home screen. */
export function isIosSafari(): boolean {
  return (
    isIos() &&
    !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|FBAN|FBAV|Instagram|Line\//.test(navigator.userAgent)
  )
}

/** Opened from the home screen (installed), not in a browser tab. */
export function isStandalone(): boolean {
  const legacy = (navigator as Navigator & { standalone?: boolean }).standalone
  return legacy === true || window.matchMedia?.('(display-mode: standalone)').matches === true
}

export function pushSupported(): boolean {
  return (
    'serviceWorker' in navigator &&
    typeof window.PushManager !== 'undefined' &&
    'Notification' in window
  )
}
