import { render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { useHydrated } from './use-hydrated'

function Probe() {
  return <p>{useHydrated() ? 'vivo' : 'prerenderizado'}</p>
}

describe('useHydrated', () => {
  it('is false in HTML rendered ahead of time, true in a page rendered in the browser', () => {
    expect(renderToString(<Probe />)).toContain('prerenderizado')
    render(<Probe />)
    expect(screen.getByText('vivo')).toBeInTheDocument()
  })
})
