import { useCallback, useReducer } from 'react'
import { type ErrorCode, errorCode, errorMessage } from '../../lib/api-error'
import { Button } from '../../ui/button'
import { validateCoupon } from './billing-api'
import { COUPON_FAILED, couponReducer, initialCoupon, type CouponState } from './coupon-state'

const SAID_BY_SERVER: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'rate_limited',
  'coupon_invalid',
  'coupon_used_up',
  'invalid_input',
])

/** The coupon's state plus the one action that talks to the server. */
export function useCoupon() {
  const [state, dispatch] = useReducer(couponReducer, initialCoupon)

  const apply = useCallback(async (typed: string) => {
    const code = typed.trim()
    if (!code) {
      dispatch({ type: 'empty' })
      return
    }
    dispatch({ type: 'checking' })
    try {
      dispatch({ type: 'answered', code, result: await validateCoupon(code) })
    } catch (error) {
      // Too many attempts, or a code refused as such: the server's words say more than ours.
      const told = SAID_BY_SERVER.has(errorCode(error) ?? 'internal')
      dispatch({
        type: 'failed',
        message: told ? errorMessage(error, COUPON_FAILED) : COUPON_FAILED,
      })
    }
  }, [])

  const type = useCallback((value: string) => dispatch({ type: 'typed', value }), [])
  return { state, type, apply }
}

type CouponFieldProps = {
  state: CouponState
  onType: (value: string) => void
  onApply: () => void
}

export function CouponField({ state, onType, onApply }: CouponFieldProps) {
  return (
    <form
      className="coupon"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onApply()
      }}
    >
      <label className="field__label" htmlFor="coupon-code">
        Cupom de desconto
      </label>
      <div className="coupon__row">
        <input
          id="coupon-code"
          className="field__input coupon__input"
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          placeholder="Ex.: AREIA10"
          value={state.code}
          aria-describedby="coupon-message coupon-note"
          onChange={(event) => onType(event.target.value)}
        />
        <Button type="submit" variant="secondary" busy={state.checking}>
          Aplicar
        </Button>
      </div>
      <p
        id="coupon-message"
        className={`coupon__message ${state.message ? `coupon__message--${state.message.tone}` : ''}`}
        role="status"
      >
        {state.message?.text}
      </p>
      <p id="coupon-note" className="coupon__note">
        *O desconto é válido para a primeira cobrança
      </p>
    </form>
  )
}
