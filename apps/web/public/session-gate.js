/* global window, document */
// Loaded only by the prerendered /login and /register. A player who holds a session would see
// that visitor's form until the app starts and sends them on: the class hides it meanwhile
// (auth.css), and the sign-in screen drops the class once it really has a form to show. The keys
// are those of src/lib/session-storage.ts.
try {
  if (
    window.localStorage.getItem('areia.access_token') ||
    window.localStorage.getItem('areia.refresh_token')
  ) {
    document.documentElement.classList.add('session-check')
  }
} catch {
  // Storage disabled: the app treats the visitor as logged out, and so does this.
}
