import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { isDatabaseUnavailable } from '../adapters/db'
import type { ErrorBody, ErrorCode } from '@areia/contracts'
import { AppError } from '../errors'

/** Messages for Fastify's own client errors, by Fastify's code. */
const FRAMEWORK_ERRORS: Record<string, { status: number; detail: string; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    detail: 'O corpo da requisição não é um JSON válido.',
    code: 'invalid_input',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    detail: 'O corpo da requisição está vazio.',
    code: 'invalid_input',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    detail: 'O corpo da requisição é grande demais.',
    code: 'body_too_large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    detail: 'Tipo de conteúdo não suportado.',
    code: 'unsupported_media_type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    detail: 'Tamanho do corpo da requisição inválido.',
    code: 'invalid_input',
  },
  FST_ERR_CTP_INVALID_TYPE: {
    status: 400,
    detail: 'Tipo de conteúdo inválido.',
    code: 'unsupported_media_type',
  },
}

const body = (detail: string, code: ErrorCode): ErrorBody => ({ detail, code })

const FIELD_LABELS: Record<string, string> = {
  body: 'corpo',
  querystring: 'parâmetros',
  params: 'caminho',
  headers: 'cabeçalhos',
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set when a 5xx is an answer the app gives on purpose (a feature this server does not run,
     * a payment gateway down), not a fault of its own: the request log writes it as a warning.
     */
    deliberateFailure: boolean
  }
}

/**
 * One place turns every failure into `{detail, code}`: a pt-BR message and a machine reason. Client errors say what was wrong;
 * server errors are logged in full and answered with a generic message, never internals.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.decorateRequest('deliberateFailure', false)
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.deliberateFailure = true
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send(body(error.detail, error.code))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.')
      const where = FIELD_LABELS[error.validationContext ?? 'body'] ?? 'requisição'
      const detail = first
        ? field
          ? `${first.message} (campo: ${field})`
          : (first.message ?? `Dados inválidos no ${where}.`)
        : `Dados inválidos no ${where}.`
      return reply.status(422).send(body(detail, 'invalid_input'))
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined
    if (known) return reply.status(known.status).send(body(known.detail, known.code))
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send(body('Muitas requisições. Tente novamente em instantes.', 'rate_limited'))
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error')
      return reply.status(error.statusCode).send(body('Requisição inválida.', 'bad_request'))
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable')
      return reply
        .status(503)
        .headers({ 'retry-after': '5' })
        .send(
          body(
            'O serviço está temporariamente indisponível. Tente novamente em instantes.',
            'unavailable',
          ),
        )
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply
      .status(500)
      .send(body('Ocorreu um erro interno. Tente novamente mais tarde.', 'internal'))
  })

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send(body('Recurso não encontrado.', 'not_found')),
  )
})
