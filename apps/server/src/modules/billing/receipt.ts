/** A payment receipt as a standalone HTML document: kept, opened offline, printed to PDF. */
export interface ReceiptData {
  number: string
  customer: string
  email: string
  taxId: string | null
  item: string
  amount: string
  /** An upgrade's credit for the unused part of the previous plan. */
  credit: string | null
  method: string
  paidAt: string
  period: string | null
  refundedAt: string | null
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
// The player's own name and e-mail go into the page: never as markup.
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)

export function receiptDocument(r: ReceiptData): string {
  const rows: Array<[string, string]> = [
    ['Recibo nº', r.number],
    ['Cliente', r.customer],
    ['E-mail', r.email],
    ...(r.taxId ? ([['CPF', r.taxId]] as Array<[string, string]>) : []),
    ['Descrição', r.item],
    ...(r.period ? ([['Período', r.period]] as Array<[string, string]>) : []),
    ...(r.credit ? ([['Crédito do plano anterior', r.credit]] as Array<[string, string]>) : []),
    ['Valor pago', r.amount],
    ['Forma de pagamento', r.method],
    ['Data do pagamento', r.paidAt],
    ...(r.refundedAt ? ([['Reembolsado em', r.refundedAt]] as Array<[string, string]>) : []),
  ]
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Recibo Areia ${esc(r.paidAt)}</title>
<style>
body{font-family:system-ui,sans-serif;color:#06324a;max-width:40rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.4rem}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #ddf1f2;vertical-align:top}
th{width:40%;font-weight:600}.note{color:#555;font-size:.9rem}
</style>
</head>
<body>
<h1>Areia · Recibo de pagamento</h1>
<table>
${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('\n')}
</table>
<p class="note">Assinatura com renovação automática; o cancelamento vale ao fim do período pago.</p>
</body>
</html>
`
}
