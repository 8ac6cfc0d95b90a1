import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { isDatabaseUnavailable } from '../adapters/db'
import { AppError } from '../errors'

/** Messages for Fastify's own client errors, by code. */
const FRAMEWORK_ERRORS: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    detail: 'O corpo da requisição não é um JSON válido.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: 'O corpo da requisição está vazio.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: 'O corpo da requisição é grande demais.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: 'Tipo de conteúdo não suportado.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    detail: 'Tamanho do corpo da requisição inválido.',
  },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, detail: 'Tipo de conteúdo inválido.' },
}

const FIELD_LABELS: Record<string, string> = {
  body: 'corpo',
  querystring: 'parâmetros',
  params: 'caminho',
  headers: 'cabeçalhos',
}

/**
 * One place turns every failure into `{detail}` in pt-BR. Client errors say what was wrong;
 * server errors are logged in full and answered with a generic message, never internals.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ detail: error.detail, ...(error.code ? { code: error.code } : {}) })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.')
      const where = FIELD_LABELS[error.validationContext ?? 'body'] ?? 'requisição'
      const detail = first
        ? field
          ? `${first.message} (campo: ${field})`
          : first.message
        : `Dados inválidos no ${where}.`
      return reply.status(422).send({ detail })
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined
    if (known) return reply.status(known.status).send({ detail: known.detail })
    if (error.statusCode === 429) {
      return reply.status(429).send({ detail: 'Muitas requisições. Tente novamente em instantes.' })
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error')
      return reply.status(error.statusCode).send({ detail: 'Requisição inválida.' })
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable')
      return reply.status(503).headers({ 'retry-after': '5' }).send({
        detail: 'O serviço está temporariamente indisponível. Tente novamente em instantes.',
      })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply
      .status(500)
      .send({ detail: 'Ocorreu um erro interno. Tente novamente mais tarde.' })
  })

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ detail: 'Recurso não encontrado.' }),
  )
})
