import type { RefObject } from 'react'
import { Link } from 'react-router'
import { BrandMark } from '../../ui/brand-mark'

type HeaderProps = {
  showMenuButton: boolean
  menuOpen: boolean
  onMenuClick: () => void
  menuButtonRef: RefObject<HTMLButtonElement | null>
  email: string | null
  /** A subscriber reaches "Meu Plano" from the header too (on the chat, the page they live on). */
  planLink: boolean
}

export function Header({
  showMenuButton,
  menuOpen,
  onMenuClick,
  menuButtonRef,
  email,
  planLink,
}: HeaderProps) {
  return (
    <header className="header">
      {showMenuButton ? (
        <button
          ref={menuButtonRef}
          type="button"
          className="icon-btn header__menu"
          aria-label="Abrir menu"
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={onMenuClick}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M4 7h16M4 12h16M4 17h16"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      ) : null}
      <Link to="/" className="header__brand" aria-label="Areia, início">
        <BrandMark />
        <span className="header__name">Areia</span>
      </Link>
      {planLink ? (
        <Link to="/meu-plano" className="header__plan">
          Meu Plano
        </Link>
      ) : null}
      {email ? <span className="header__user">{email}</span> : null}
    </header>
  )
}
