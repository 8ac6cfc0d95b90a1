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
