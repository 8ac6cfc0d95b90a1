import type { OrderResponse } from '@areia/contracts'
import QRCode from 'qrcode'
import type { OrderRow } from './checkout-store'

/** The QR as a PNG data URL rendered here, so the checkout loads no image from another origin. */
const qrImage = (text: string) =>
  QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 320 })

/** An order as the checkout shows it (amount in reais; the PIX code and its image). */
export async function orderResponse(
  order: OrderRow,
  simulatorPayUrl?: (gatewayOrderId: string) => string,
): Promise<OrderResponse> {
  return {
    id: order.id,
    payment_method: order.paymentMethod,
    status: order.status,
    amount: order.amountCents / 100,
    pix_qr_code_text: order.pixText,
    pix_qr_code_image: order.pixText ? await qrImage(order.pixText) : null,
    pix_expires_at: order.pixExpiresAt?.toISOString() ?? null,
    simulator_pay_url:
      order.gatewayOrderId && order.paymentMethod === 'PIX' && simulatorPayUrl
        ? simulatorPayUrl(order.gatewayOrderId)
        : null,
  }
}
