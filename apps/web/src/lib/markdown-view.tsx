import { useEffect, useMemo, useRef, type MouseEvent } from 'react'
import { useNavigate } from 'react-router'
import { apiBlob } from './api-client'
import { API_IMAGE_PATH, APP_LINK_PATH, renderMarkdown } from './markdown'

/**
 * Markdown that may carry the analysis report: images of this app's API (the heatmap) are
 * fetched with the player's token and shown from a blob URL, and links to app routes
 * (`/videos/7`) move through the router instead of reloading the app.
 */
export function MarkdownView({
  text,
  className,
  onOpenImage,
}: {
  text: string
  className?: string
  /**
   * Given, the API images show as thumbnails the player taps to see full size (a report's
   * heatmap inside a chat bubble would otherwise fill a phone's screen).
   */
  onOpenImage?: (image: { src: string; alt: string }) => void
}) {
  const html = useMemo(() => renderMarkdown(text, { app: true }), [text])
  const ref = useRef<HTMLDivElement>(null)
  const navigate = useNavigate()
  const thumbnails = onOpenImage !== undefined

  useEffect(() => {
    const root = ref.current
    if (!root) return
    const controller = new AbortController()
    const urls: string[] = []
    for (const img of root.querySelectorAll<HTMLImageElement>('img[data-api-src]')) {
      const path = img.dataset.apiSrc ?? ''
      if (!API_IMAGE_PATH.test(path) || path.includes('..')) continue
      img.classList.add('md-image', 'md-image--loading')
      if (thumbnails) {
        // A button around it, so the keyboard opens it as well as a tap.
        const open = document.createElement('button')
        open.type = 'button'
        open.className = 'md-thumb'
        open.setAttribute('aria-label', `Ampliar: ${img.alt}`)
        img.replaceWith(open)
        open.append(img)
      }
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
  }, [html, thumbnails])

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return
    const thumb = (event.target as Element).closest('button.md-thumb')?.querySelector('img')
    if (thumb && onOpenImage) {
      // Opened once its bytes are in; until then there is nothing bigger to show.
      if (thumb.src) onOpenImage({ src: thumb.src, alt: thumb.alt })
      return
    }
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
