import type { Plan } from '@areia/contracts'
import { plainText } from '../intents/normalize'
import { joinPt } from '../text'

/**
 * "quanto custa o Pro?", "o que o Ultra tem a mais?", "tem desconto no anual?": answered from the
 * plans as they are on sale now (the operators change prices and contents in the database), never
 * from numbers written here.
 */

const money = (reais: number) =>
  `R$ ${reais.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

function named(text: string, plans: readonly Plan[]): Plan[] {
  return plans.filter((p) => {
    const name = plainText(p.name)
    const first = name.split(' ')[0] ?? name
    return new RegExp(`\\b${first}\\b`).test(text)
  })
}

const paid = (plans: readonly Plan[]) => plans.filter((p) => p.price_monthly > 0)

function priceLine(p: Plan): string {
  if (p.price_monthly <= 0)
    return `O **${p.name}** é gratuito${p.trial_days ? ` por ${p.trial_days} dias` : ''}.`
  const yearly = p.price_annually
  const perMonth = yearly / 12
  const saving = p.price_monthly * 12 - yearly
  return `O **${p.name}** custa **${money(p.price_monthly)} por mês**${
    yearly > 0
      ? ` ou **${money(yearly)} por ano**${saving > 0.5 ? ` (sai por ${money(perMonth)} por mês, uma economia de ${money(saving)} no ano)` : ''}`
      : ''
  }.`
}

/** Features of `richer` that `base` does not list ("Tudo do Pro" says the rest). */
function extras(richer: Plan, base: Plan): string[] {
  const own = new Set(base.features.map((f) => plainText(f)))
  return richer.features.filter((f) => !own.has(plainText(f)) && !/^tudo do\b/.test(plainText(f)))
}

const SUBSCRIBE = 'Para assinar, toque em **Seja Pro** no menu e escolha mensal ou anual.'

export function plansReply(message: string, plans: readonly Plan[]): string | null {
  if (plans.length === 0) return null
  const text = plainText(message)
  const asked = named(text, plans)
  const [cheaper, richer] = [...paid(plans)].sort((a, b) => a.price_monthly - b.price_monthly)
  const lines: string[] = []
  const comparing =
    /\b(a mais|diferenca|diferente|compar\w*|vale (a pena )?pagar|o dobro|melhor)\b/.test(text) &&
    cheaper &&
    richer
  if (comparing && cheaper && richer) {
    const more = extras(richer, cheaper)
    const extra = `O **${richer.name}** tem tudo do ${cheaper.name} e mais: ${joinPt(more.map((f) => f.charAt(0).toLowerCase() + f.slice(1)))}.`
    const prices = `${priceLine(cheaper)} ${priceLine(richer)}`
    // "quanto custa o Pro? e o Ultra tem o quê a mais?": the price was asked first, so it comes first.
    const priceFirst = /\b(quanto|preco|valor|custa)\b/.test(text)
    lines.push(
      ...(priceFirst ? [prices, extra] : [extra, prices]),
      `Vale o ${richer.name} se você filma mais jogos do que o ${cheaper.name} cobre por mês ou quer cada análise revisada por uma pessoa; para um ou dois jogos por mês, o ${cheaper.name} dá conta.`,
    )
  } else if (asked.length > 0) {
    for (const p of asked) lines.push(priceLine(p))
    if (/\b(anual|ano|desconto)\b/.test(text) && asked.every((p) => p.price_annually > 0))
      lines.push(
        'O desconto do anual já está no preço anual acima; cupom, quando houver, vale para a primeira cobrança.',
      )
    for (const p of asked)
      if (p.features.length > 0)
        lines.push(
          `O ${p.name} inclui: ${joinPt(p.features.map((f) => f.charAt(0).toLowerCase() + f.slice(1)))}.`,
        )
  } else {
    lines.push(
      'Os planos de hoje:',
      plans
        .map(
          (p) =>
            `- **${p.name}:** ${p.price_monthly > 0 ? `${money(p.price_monthly)}/mês ou ${money(p.price_annually)}/ano` : `grátis${p.trial_days ? ` por ${p.trial_days} dias` : ''}`}; ${joinPt(p.features.map((f) => f.charAt(0).toLowerCase() + f.slice(1)))}`,
        )
        .join('\n'),
    )
  }
  if (plans.some((p) => !p.available))
    lines.push('Se um plano estiver sem vagas, a janela de planos oferece a lista de espera.')
  lines.push(SUBSCRIBE)
  return lines.join('\n\n')
}
