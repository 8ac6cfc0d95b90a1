/**
 * The look of every e-mail: one column, the app's sand and sea colours, a single button. Mail
 * clients ignore stylesheets and strip classes, so the styles are inline; the plain-text part
 * says the same, with the link written out.
 */
export interface MailContent {
  /** "Olá, Joana!" — the greeting, already personalised. */
  greeting: string
  paragraphs: string[]
  /** The one thing to do, as a button (HTML) and a written-out link (text). */
  action?: { label: string; url: string }
  /** A code to copy by hand (a PIX copy-and-paste code), shown in a box. */
  code?: { label: string; value: string }
  /** Small print under the message (why this e-mail, what to ignore). */
  footnote?: string
}

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')

const SAND = '#f6efe2'
const SEA = '#0b6e8a'
const INK = '#1d2a33'

/** Text in HTML: escaped, with its web addresses as links. */
const withLinks = (text: string) =>
  escapeHtml(text).replace(
    /https?:\/\/[^\s<]+/g,
    (url) => `<a href="${url}" style="color:${SEA}">${url}</a>`,
  )

/** A text paragraph in HTML. */
function paragraphHtml(text: string): string {
  const linked = withLinks(text)
  return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${INK}">${linked.replaceAll('\n', '<br>')}</p>`
}

export function renderText(content: MailContent): string {
  return [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [`${content.code.label}:`, content.code.value, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    'Equipe Areia',
    ...(content.footnote ? ['', content.footnote] : []),
  ].join('\n')
}

export function renderHtml(subject: string, content: MailContent): string {
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${SEA};color:#ffffff;text-decoration:none;font-weight:bold;font-size:16px;padding:12px 24px;border-radius:8px">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#5b6770">Se o botão não abrir, copie este endereço no navegador:<br><a href="${escapeHtml(content.action.url)}" style="color:${SEA};word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : ''
  const code = content.code
    ? `<p style="margin:0 0 8px;font-size:14px;color:${INK}"><strong>${escapeHtml(content.code.label)}</strong></p>
<p style="margin:0 0 16px;padding:12px;background:${SAND};border-radius:8px;font-family:monospace;font-size:13px;word-break:break-all;color:${INK}">${escapeHtml(content.code.value)}</p>`
    : ''
  const footnote = content.footnote
    ? `<p style="margin:24px 0 0;font-size:12px;color:#5b6770">${withLinks(content.footnote)}</p>`
    : ''
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${SAND}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${SAND}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;font-family:Helvetica,Arial,sans-serif">
<tr><td style="padding:20px 28px;border-bottom:4px solid ${SEA}"><span style="font-size:22px;font-weight:bold;color:${SEA}">Areia</span></td></tr>
<tr><td style="padding:28px">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold;color:${INK}">${escapeHtml(content.greeting)}</p>
${content.paragraphs.map(paragraphHtml).join('\n')}
${code}${button}
<p style="margin:24px 0 0;font-size:16px;color:${INK}">Equipe Areia</p>
${footnote}
</td></tr></table>
</td></tr></table>
</body></html>`
}

/** A plain message from another module (subject and text) in the same look. */
export function htmlFromText(subject: string, text: string): string {
  const [first = '', ...rest] = text.split(/\n{2,}/)
  const signature = /^Equipe Areia$/
  return renderHtml(subject, {
    greeting: first,
    paragraphs: rest.filter((p) => !signature.test(p.trim())),
  })
}
