import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Receipt } from '@areia/contracts/billing'
import { errorMessage } from '../../lib/api-error'
import { formatDate, formatPrice } from '../../lib/format'
import { saveFile } from '../../lib/save-file'
import { Button } from '../../ui/button'
import { FormError } from '../../ui/text-field'
import { downloadReceipt, receiptsQuery } from './billing-api'
import { CYCLE_LABEL } from './pricing'

export const RECEIPTS_FAILED = 'Não foi possível carregar seus recibos.'
export const RECEIPT_DOWNLOAD_FAILED = 'Não foi possível baixar o recibo. Tente novamente.'

/** Every payment of the player, newest first, each with its receipt to download. */
export function ReceiptsList() {
  const receipts = useQuery(receiptsQuery())
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  const download = async (receipt: Receipt) => {
    setError(null)
    setBusy(receipt.id)
    try {
      const blob = await downloadReceipt(receipt.download_url)
      saveFile(blob, `recibo-areia-${receipt.paid_at.slice(0, 10)}.html`)
    } catch (err) {
      setError(errorMessage(err, RECEIPT_DOWNLOAD_FAILED))
    } finally {
      setBusy(null)
    }
  }

  if (receipts.isPending) return null
  return (
    <section className="my-plan__section" aria-labelledby="receipts-title">
      <h2 id="receipts-title" className="my-plan__subtitle">
        Recibos
      </h2>
      {receipts.isError ? (
        <FormError message={RECEIPTS_FAILED} />
      ) : receipts.data.length === 0 ? (
        <p className="my-plan__muted">Nenhum pagamento ainda.</p>
      ) : (
        <ul className="receipts" aria-label="Recibos">
          {receipts.data.map((receipt) => (
            <li key={receipt.id} className="receipts__item">
              <div className="receipts__info">
                <span className="receipts__what">
                  {receipt.plan_name} ({CYCLE_LABEL[receipt.billing_cycle]}) ·{' '}
                  {formatPrice(receipt.amount)}
                </span>
                <span className="receipts__when">
                  Pago em {formatDate(receipt.paid_at)} ·{' '}
                  {receipt.payment_method === 'CARD' ? 'Cartão' : 'PIX'}
                  {receipt.refunded_at
                    ? ` · Reembolsado em ${formatDate(receipt.refunded_at)}`
                    : ''}
                </span>
              </div>
              <Button
                variant="ghost"
                busy={busy === receipt.id}
                disabled={busy !== null}
                onClick={() => void download(receipt)}
                aria-label={`Baixar recibo de ${formatDate(receipt.paid_at)}`}
              >
                Baixar recibo
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormError message={error} />
    </section>
  )
}
