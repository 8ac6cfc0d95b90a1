// Every date the player sees is Brazilian: pt-BR wording in São Paulo time, whatever the device.
const TIME_ZONE = 'America/Sao_Paulo'

// Made on first use: each costs tens of milliseconds on a slow phone (locale and zone data), and
// a page needs one or two of them.
const formatter = (options: Intl.DateTimeFormatOptions) => {
  let made: Intl.DateTimeFormat | undefined
  return () => (made ??= new Intl.DateTimeFormat('pt-BR', { ...options, timeZone: TIME_ZONE }))
}

const longDate = formatter({ day: 'numeric', month: 'long', year: 'numeric' })

const shortDateTime = formatter({
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
})

const numericDate = formatter({ day: '2-digit', month: '2-digit', year: 'numeric' })

type DateInput = Date | string | number

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value))

/** "3 de setembro de 2025". */
export function formatLongDate(value: DateInput): string {
  return longDate().format(toDate(value))
}

/** "03/09/2025". */
export function formatDate(value: DateInput): string {
  return numericDate().format(toDate(value))
}

/** "03/09, 14:05": message timestamps (day/month hour:minute). */
export function formatMessageTimestamp(value: DateInput): string {
  return shortDateTime().format(toDate(value))
}

/** Original prices with two decimals and a comma, e.g. "R$ 49,90". */
export function formatPrice(reais: number, fractionDigits: 0 | 2 = 2): string {
  return new Intl.NumberFormat('pt-BR', {
    style: 'currency',
    currency: 'BRL',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(reais)
}
