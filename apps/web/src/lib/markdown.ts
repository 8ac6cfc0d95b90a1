import DOMPurify from 'dompurify'
import { marked } from 'marked'

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'hr',
  'del',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]

/**
 * Coach replies are markdown written by a model: any HTML in them is shown as text, never run.
 * marked escapes nothing by itself, so raw HTML tokens are rendered as escaped text and
 * DOMPurify then keeps only plain formatting tags (no images, no handlers, no styles).
 */
const renderer = new marked.Renderer()
renderer.html = ({ text }) => escapeHtml(text)

/**
 * An image of this app's API, e.g. the report's `/api/v1/videos/7/report/heatmap.png`: `<img>`
 * cannot send the bearer token, so the page fetches it (see markdown-view.tsx).
 */
export const API_IMAGE_PATH = /^\/api\/v1\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_.-]+$/

/** A route of this app (`/videos/7`), never another origin (`//host`) nor a path with `..`. */
export const APP_LINK_PATH = /^\/(?!\/)(?!.*\.\.)[^\s\\]*$/

const appRenderer = new marked.Renderer()
appRenderer.html = ({ text }) => escapeHtml(text)
// No `src` until the page has the bytes: an `<img>` with the API path would go out without a
// token. Anything else stays its alt text.
appRenderer.image = ({ href, text }) =>
  API_IMAGE_PATH.test(href) && !href.includes('..')
    ? `<img data-api-src="${escapeHtml(href)}" alt="${escapeHtml(text)}">`
    : escapeHtml(text)

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

export type MarkdownOptions = {
  /**
   * The report's markdown: API images become placeholders for authenticated bytes and links to
   * app routes (`/videos/7`) are kept, for the page to follow without reloading.
   */
  app?: boolean
}

export function renderMarkdown(source: string, options: MarkdownOptions = {}): string {
  const html = marked.parse(source, {
    async: false,
    gfm: true,
    breaks: true,
    renderer: options.app ? appRenderer : renderer,
  })
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: options.app ? [...ALLOWED_TAGS, 'img'] : ALLOWED_TAGS,
    ALLOWED_ATTR: options.app ? ['href', 'title', 'alt', 'data-api-src'] : ['href', 'title'],
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: options.app ? /^(?:https?:|mailto:|\/(?!\/))/i : /^(?:https?:|mailto:)/i,
  })
}
