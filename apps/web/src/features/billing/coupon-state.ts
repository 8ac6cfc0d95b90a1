import type { CouponValidateResponse } from '@areia/contracts/billing'

export const COUPON_EMPTY = 'Por favor, insira um código.'
export const COUPON_INVALID = 'Este cupom é inválido ou não existe.'
export const COUPON_FAILED = 'Ocorreu um erro ao validar o cupom.'
export const couponApplied = (percent: number) => `Cupom de ${percent}% aplicado!`

export type CouponState = {
  /** What the field shows, already upper case (forced as typed). */
  code: string
  checking: boolean
  /** The code that was validated and the discount it gives; only this reaches the checkout. */
  applied: { code: string; percent: number } | null
  message: { text: string; tone: 'success' | 'error' } | null
}

export type CouponAction =
  | { type: 'typed'; value: string }
  | { type: 'empty' }
  | { type: 'checking' }
  | { type: 'answered'; code: string; result: CouponValidateResponse }
  | { type: 'failed'; message: string }

export const initialCoupon: CouponState = {
  code: '',
  checking: false,
  applied: null,
  message: null,
}

export function couponReducer(state: CouponState, action: CouponAction): CouponState {
  switch (action.type) {
    case 'typed': {
      const code = action.value.toUpperCase()
      // A discount belongs to the code that earned it: editing the code withdraws it.
      if (state.applied && state.applied.code === code) return { ...state, code }
      return { ...state, code, applied: null, message: null }
    }
    case 'empty':
      return { ...state, applied: null, message: { text: COUPON_EMPTY, tone: 'error' } }
    case 'checking':
      return { ...state, checking: true, message: null }
    case 'answered': {
      // An answer for a code the player has since changed is stale.
      if (action.code !== state.code.trim()) return { ...state, checking: false }
      const percent = action.result.discount_percentage
      if (action.result.valid && percent) {
        return {
          ...state,
          checking: false,
          applied: { code: action.code, percent },
          message: { text: couponApplied(percent), tone: 'success' },
        }
      }
      return {
        ...state,
        checking: false,
        applied: null,
        message: { text: COUPON_INVALID, tone: 'error' },
      }
    }
    case 'failed':
      return {
        ...state,
        checking: false,
        applied: null,
        message: { text: action.message, tone: 'error' },
      }
  }
}
