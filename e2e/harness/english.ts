import type { Page } from 'playwright-core'

/**
 * English UI words a pt-BR screen must never show: the leftovers of a library default, an
 * untranslated fallback or a value printed raw. Matched as whole words, ignoring case, so
 * "Carregando" never trips "Loading" and "loading" does.
 */
export const ENGLISH_WORDS = [
  'Loading',
  'Submit',
  'Cancel',
  'Save',
  'Delete',
  'Settings',
  'Error',
  'Retry',
  'Sign in',
  'Sign up',
  'Sign out',
  'Log in',
  'Log out',
  'Password',
  'Email address',
  'Next',
  'Back',
  'Close',
  'Search',
  'Upload',
  'Download',
  'Required',
  'Please',
  'Invalid',
  'Welcome',
  'Dashboard',
  'Profile',
  'Account',
  'Subscription',
  'Checkout',
  'Payment',
  'Success',
  'Failed',
  'Untitled',
  'Free',
  'Trial',
  'Store',
] as const

/** Values printed raw by a slip in the code; their case is exact (a "Null" is not one of them). */
export const RAW_VALUES = ['undefined', 'null', 'NaN', '[object Object]'] as const

/**
 * Product names the specification fixes in English (the first plan and the partner agents'
 * store), taken out of the text before the check. Only names holding a denied word belong here.
 */
export const ALLOWED_NAMES = ['Free Trial', 'Agent Store'] as const

const LETTER = String.raw`[\p{L}\p{N}]`

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function wholeWord(word: string, flags: string) {
  return new RegExp(`(?<!${LETTER})${escape(word).replace(/ /g, '\\s+')}(?!${LETTER})`, flags)
}

const DENIED = ENGLISH_WORDS.map((word) => ({ word, pattern: wholeWord(word, 'iu') }))
const RAW = RAW_VALUES.map((word) => ({
  word,
  // "[object Object]" starts and ends with brackets, which are not letters: a plain search.
  pattern: word.startsWith('[') ? new RegExp(escape(word), 'u') : wholeWord(word, 'u'),
}))
// Any case: a name set in capitals by CSS (an eyebrow) reaches innerText in capitals.
const ALLOWED = ALLOWED_NAMES.map((name) => wholeWord(name, 'giu'))

/** Each English word found in `texts`, with the piece of text it sits in. */
export function findEnglish(texts: readonly string[]): string[] {
  const found: string[] = []
  for (const raw of texts) {
    const text = ALLOWED.reduce((t, name) => t.replace(name, ' '), raw)
    for (const { word, pattern } of [...DENIED, ...RAW]) {
      if (pattern.test(text)) found.push(`"${word}" in "${raw.trim().slice(0, 120)}"`)
    }
  }
  return found
}

/**
 * What a person meets on the page as it is now: the rendered text of the body (screen-reader-only
 * text included, since it is read aloud) less the codes marked translate="no", the document
 * title, and the labels, placeholders, titles and alternative texts of elements that are shown.
 */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Text marked translate="no" is a code (a plan's identifier), not a word of the interface;
    // each such element takes out one occurrence, so the same word elsewhere is still read.
    const codes = [...document.body.querySelectorAll<HTMLElement>('[translate="no"]')]
      .map((el) => el.innerText.trim())
      .filter((code) => code !== '')
    const escaped = (code: string) => code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const withoutCodes = codes.reduce(
      (text, code) =>
        text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped(code)}(?![\\p{L}\\p{N}])`, 'u'), ' '),
      document.body.innerText,
    )
    const texts = [document.title, ...withoutCodes.split('\n')]
    const attributes = ['aria-label', 'placeholder', 'title', 'alt', 'aria-description']
    const selector = attributes.map((a) => `[${a}]`).join(',')
    for (const el of document.body.querySelectorAll(selector)) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue
      for (const a of attributes) {
        const value = el.getAttribute(a)
        if (value) texts.push(value)
      }
    }
    for (const el of document.body.querySelectorAll<HTMLInputElement>(
      'input[type="submit"], input[type="button"], input[type="reset"]',
    )) {
      if (el.checkVisibility({ visibilityProperty: true }) && el.value) texts.push(el.value)
    }
    return texts.filter((t) => t.trim() !== '')
  })
}

/** The English words the page shows now (empty when it speaks only Portuguese). */
export async function englishOnPage(page: Page): Promise<string[]> {
  return findEnglish(await visibleTexts(page))
}
