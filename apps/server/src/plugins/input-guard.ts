import type { ErrorBody } from '@areia/contracts'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../errors'

/**
 * Fastify's router refuses some URLs before any hook or error handler runs, and answers them in
 * English; passed as the `frameworkErrors` option, this answers them like every other error.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.server.securityHeaders(request, reply)
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({
      detail: 'O endereço pedido é longo demais.',
      code: 'uri_too_long',
    } satisfies ErrorBody)
  } else if (error.code === 'FST_ERR_BAD_URL') {
    void reply
      .status(400)
      .send({ detail: 'O endereço pedido é inválido.', code: 'bad_request' } satisfies ErrorBody)
  } else {
    request.log.error({ err: error }, 'router error')
    void reply.status(500).send({
      detail: 'Ocorreu um erro interno. Tente novamente mais tarde.',
      code: 'internal',
    } satisfies ErrorBody)
  }
}

const MAX_DEPTH = 64

/** A NUL character anywhere in a parsed value (keys included); Buffers are bytes, not text. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) {
    return false
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || hasNul(item, depth + 1)) return true
  }
  return false
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL in any field would fail its query with a 500. No
 * real input has one, so it is refused before validation, with nothing changed.
 */
export const inputGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      done(
        new AppError(422, 'O texto enviado contém caracteres inválidos.', {
          code: 'invalid_input',
        }),
      )
    } else {
      done()
    }
  })
})
