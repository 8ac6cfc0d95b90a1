import { useEffect, useMemo, useRef, type MouseEvent } from 'react'
import { useNavigate } from 'react-router'
import { apiBlob } from './api-client'
import { API_IMAGE_PATH, APP_LINK_PATH, renderMarkdown } from './markdown'

/**
 * Markdown that may carry the analysis report: images of this app's API (the heatmap) are
 * fetched with the player's token and shown from a blob URL, and links to app routes
 * (`/videos/7`) move through the router instead of reloading the app.
 */
export function MarkdownView({ text, className }: { text: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(text, { app: true }), [text])
  const ref = useRef<HTMLDivElement>(null)
  const navigate = useNavigate()

  useEffect(() => {
    const root = ref.current
    if (!root) return
    const controller = new AbortController()
    const urls: string[] = []
    for (const img of root.querySelectorAll<HTMLImageElement>('img[data-api-src]')) {
      const path = img.dataset.apiSrc ?? ''
      if (!API_IMAGE_PATH.test(path) || path.includes('..')) continue
      img.classList.add('md-image', 'md-image--loading')
      apiBlob(path, controller.signal)
        .then((blob) => {
          if (controller.signal.aborted) return
          const url = URL.createObjectURL(blob)
          urls.push(url)
          img.src = url
          img.classList.remove('md-image--loading')
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return
          // The alt text stays, in a plain box, so the message still reads.
          console.warn('markdown: image failed', path, error)
          img.classList.replace('md-image--loading', 'md-image--failed')
        })
    }
    return () => {
      controller.abort()
      for (const url of urls) URL.revokeObjectURL(url)
    }
  }, [html])

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const anchor = (event.target as Element).closest('a')
    const href = anchor?.getAttribute('href') ?? ''
    if (!APP_LINK_PATH.test(href)) return
    event.preventDefault()
    void navigate(href)
  }

  return (
    // Sanitised by renderMarkdown. The handler only takes over clicks on in-app links, which
    // the keyboard (Enter on a focused link) fires as well.
    <div
      ref={ref}
      className={className}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
