import { describe, expect, it } from 'vitest'
import { renderMarkdown } from './markdown'

function mount(html: string): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = html
  return root
}

describe('renderMarkdown', () => {
  it('renders formatting: bold, lists, paragraphs', () => {
    const root = mount(renderMarkdown('**Saque** firme\n\n- joelhos\n- punho'))
    expect(root.querySelector('strong')?.textContent).toBe('Saque')
    expect(root.querySelectorAll('li')).toHaveLength(2)
  })

  it('never turns HTML in the content into elements: scripts and handlers stay text', () => {
    const source = 'Oi <script>alert(1)</script> e <img src=x onerror="alert(2)"> fim'
    const root = mount(renderMarkdown(source))
    expect(root.querySelector('script')).toBeNull()
    expect(root.querySelector('img')).toBeNull()
    expect(root.querySelector('[onerror]')).toBeNull()
    expect(root.textContent).toContain('<script>alert(1)</script>')
  })

  it('drops markdown images and javascript: links', () => {
    const root = mount(
      renderMarkdown('![x](https://evil.test/a.png) [clique](javascript:alert(1))'),
    )
    expect(root.querySelector('img')).toBeNull()
    expect(root.querySelector('a')?.getAttribute('href') ?? null).toBeNull()
  })
})

describe('renderMarkdown for the report (app mode)', () => {
  it('keeps API images as placeholders without a src, and only those', () => {
    const root = mount(
      renderMarkdown(
        '![Mapa de calor](/api/v1/videos/7/report/heatmap.png) ![fora](https://evil.test/a.png) ![sobe](/api/v1/../x.png)',
        { app: true },
      ),
    )
    const images = root.querySelectorAll('img')
    expect(images).toHaveLength(1)
    expect(images[0]?.getAttribute('data-api-src')).toBe('/api/v1/videos/7/report/heatmap.png')
    expect(images[0]?.getAttribute('alt')).toBe('Mapa de calor')
    expect(images[0]?.hasAttribute('src')).toBe(false)
    expect(root.textContent).toContain('fora')
  })

  it('keeps links to app routes, drops protocol-relative and script links', () => {
    const root = mount(
      renderMarkdown(
        '[relatório](/videos/7) [outro site](//evil.test/x) [x](javascript:alert(1)) [site](https://areia.app)',
        { app: true },
      ),
    )
    const hrefs = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))
    expect(hrefs).toEqual(['/videos/7', null, null, 'https://areia.app'])
  })

  it('still never turns HTML into elements', () => {
    const root = mount(renderMarkdown('<img src=x onerror="alert(2)"> fim', { app: true }))
    expect(root.querySelector('img')).toBeNull()
    expect(root.textContent).toContain('<img src=x onerror="alert(2)">')
  })
})
