import { useState } from 'react'
import type { OrderResponse } from '@areia/contracts/billing'
import { errorMessage } from '../../lib/api-error'
import { formatPrice } from '../../lib/format'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { FormError } from '../../ui/text-field'
import { simulatePixPayment } from './billing-api'

export const PIX_GENERATING = 'Gerando QR Code PIX...'
export const PIX_WAITING = 'Aguardando confirmação do pagamento...'

export function PixGenerating() {
  return <Spinner label={PIX_GENERATING} />
}

/** The PIX view: the QR, its copy-and-paste text, and the wait for confirmation. */
export function PixView({ order }: { order: OrderResponse }) {
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null)
  const [simulating, setSimulating] = useState(false)
  const [simulateError, setSimulateError] = useState<string | null>(null)
  const text = order.pix_qr_code_text ?? ''

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied('ok')
    } catch {
      // No clipboard permission (an embedded browser): the text stays selectable by hand.
      setCopied('failed')
    }
  }

  const simulate = async (url: string) => {
    setSimulating(true)
    setSimulateError(null)
    try {
      await simulatePixPayment(url)
    } catch (error) {
      setSimulateError(errorMessage(error, 'Não foi possível simular o pagamento.'))
      setSimulating(false)
    }
    // On success the button stays busy: the polling takes over and leaves the page.
  }

  return (
    <div className="pix">
      <h2 className="pix__title">Pague com PIX</h2>
      <p className="pix__lead">Escaneie o QR Code abaixo com o app do seu banco.</p>
      {order.pix_qr_code_image ? (
        <img
          className="pix__qr"
          src={order.pix_qr_code_image}
          width={240}
          height={240}
          alt="QR Code PIX para pagamento"
        />
      ) : null}
      <p className="pix__amount">
        Valor: <strong>{formatPrice(order.amount)}</strong>
      </p>
      <label className="field__label" htmlFor="pix-code">
        PIX copia e cola
      </label>
      <div className="pix__copy">
        <input
          id="pix-code"
          className="field__input pix__code"
          readOnly
          value={text}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied === 'ok' ? 'Copiado!' : 'Copiar'}
        </Button>
      </div>
      <p className="pix__copy-status" role="status">
        {copied === 'ok'
          ? 'Código PIX copiado.'
          : copied === 'failed'
            ? 'Não foi possível copiar. Selecione o código e copie manualmente.'
            : ''}
      </p>
      <div className="pix__waiting" role="status">
        <span className="spinner__ring" aria-hidden="true" />
        <span>{PIX_WAITING}</span>
      </div>
      {order.simulator_pay_url ? (
        <div className="pix__simulator">
          <p className="pix__simulator-note">
            <strong>Modo de demonstração:</strong> nenhum banco real está conectado. Use o botão
            abaixo para simular o pagamento deste PIX.
          </p>
          <Button
            variant="ghost"
            busy={simulating}
            onClick={() => void simulate(order.simulator_pay_url ?? '')}
          >
            Simular pagamento
          </Button>
          <FormError message={simulateError} />
        </div>
      ) : null}
    </div>
  )
}
