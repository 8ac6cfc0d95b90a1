import {
  AdminAuditLog,
  AdminCoupon,
  AdminCouponCreateBody,
  AdminCouponRedemptions,
  AdminCoupons,
  AdminOpenSpotsBody,
  AdminOpenSpotsResponse,
  AdminMailbox,
  AdminOutbox,
  AdminOverview,
  AdminPartner,
  AdminPartnerCreateBody,
  AdminPartners,
  AdminPartnerUpdateBody,
  AdminPlan,
  AdminPlanUpdateBody,
  AdminPlans,
  AdminPlayer,
  AdminPlayersPage,
  AdminPlayersQuery,
  AdminRoleBody,
  AdminWaitingVideos,
  AdminWaitlist,
  ErrorBody,
  INT4_MAX,
  type Role,
} from '@areia/contracts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors'
import type { AdminPartnersService } from './partners-service'
import type { AdminService } from './service'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Roles allowed on a console route; ADMIN only when left out. */
    consoleRoles?: readonly Role[]
  }
}

export const FORBIDDEN_DETAIL = 'Você não tem permissão para acessar esta área.'
const ADMIN_ONLY: readonly Role[] = ['ADMIN']
const ANALYST_TOO = { consoleRoles: ['ADMIN', 'ANALYST'] as const satisfies readonly Role[] }

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }
const numericId = z.object({ id: z.coerce.number().int().min(1).max(INT4_MAX) })
const userId = z.object({ id: z.uuid({ error: 'Jogador não encontrado.' }) })

/**
 * `/api/v1/admin/**`. The role check is an onRequest hook of this whole plugin, so a route added
 * here is ADMIN-only unless it says otherwise, and it runs before the body is even parsed: a
 * player learns nothing about the route's inputs.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  admin: AdminService
  partners: AdminPartnersService
  /** E-mail goes to the in-process local mailbox (no SMTP_URL). */
  localMail: boolean
}> = async (app, { admin, partners, localMail }) => {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    await app.requireUser(request)
    const allowed = request.routeOptions.config.consoleRoles ?? ADMIN_ONLY
    if (!allowed.includes(request.user.role))
      throw new AppError(403, FORBIDDEN_DETAIL, { code: 'forbidden' })
  })

  app.get(
    '/api/v1/admin/overview',
    { config: ANALYST_TOO, schema: { response: { 200: AdminOverview, ...errors } } },
    () => admin.overview(),
  )

  app.get(
    '/api/v1/admin/videos/waiting',
    { config: ANALYST_TOO, schema: { response: { 200: AdminWaitingVideos, ...errors } } },
    () => admin.waitingVideos(),
  )

  app.get(
    '/api/v1/admin/players',
    { schema: { querystring: AdminPlayersQuery, response: { 200: AdminPlayersPage, ...errors } } },
    (request) => admin.players(request.query),
  )

  app.get(
    '/api/v1/admin/players/:id',
    { schema: { params: userId, response: { 200: AdminPlayer, ...errors } } },
    (request) => admin.player(request.params.id),
  )

  app.put(
    '/api/v1/admin/players/:id/role',
    {
      schema: { params: userId, body: AdminRoleBody, response: { 200: AdminPlayer, ...errors } },
    },
    (request) => admin.changeRole(request.user.id, request.params.id, request.body.role),
  )

  app.get('/api/v1/admin/plans', { schema: { response: { 200: AdminPlans, ...errors } } }, () =>
    admin.plans(),
  )

  app.patch(
    '/api/v1/admin/plans/:id',
    {
      schema: {
        params: numericId,
        body: AdminPlanUpdateBody,
        response: { 200: AdminPlan, ...errors },
      },
    },
    (request) => admin.updatePlan(request.user.id, request.params.id, request.body),
  )

  app.get('/api/v1/admin/coupons', { schema: { response: { 200: AdminCoupons, ...errors } } }, () =>
    admin.coupons(),
  )

  app.post(
    '/api/v1/admin/coupons',
    { schema: { body: AdminCouponCreateBody, response: { 201: AdminCoupon, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await admin.createCoupon(request.user.id, request.body)),
  )

  app.post(
    '/api/v1/admin/coupons/:id/expire',
    { schema: { params: numericId, response: { 200: AdminCoupon, ...errors } } },
    (request) => admin.expireCoupon(request.user.id, request.params.id),
  )

  app.get(
    '/api/v1/admin/coupons/:id/redemptions',
    { schema: { params: numericId, response: { 200: AdminCouponRedemptions, ...errors } } },
    (request) => admin.redemptions(request.params.id),
  )

  app.get(
    '/api/v1/admin/waitlist',
    { schema: { response: { 200: AdminWaitlist, ...errors } } },
    () => admin.waitlist(),
  )

  app.post(
    '/api/v1/admin/waitlist/open-spots',
    {
      schema: { body: AdminOpenSpotsBody, response: { 200: AdminOpenSpotsResponse, ...errors } },
    },
    (request) => admin.openSpots(request.user.id, request.body.count),
  )

  app.get('/api/v1/admin/outbox', { schema: { response: { 200: AdminOutbox, ...errors } } }, () =>
    admin.outbox(),
  )

  app.get('/api/v1/admin/mailbox', { schema: { response: { 200: AdminMailbox, ...errors } } }, () =>
    admin.mailbox(localMail),
  )

  app.get('/api/v1/admin/audit', { schema: { response: { 200: AdminAuditLog, ...errors } } }, () =>
    admin.auditLog(),
  )

  app.get(
    '/api/v1/admin/partners',
    { schema: { response: { 200: AdminPartners, ...errors } } },
    () => partners.list(),
  )

  app.post(
    '/api/v1/admin/partners',
    { schema: { body: AdminPartnerCreateBody, response: { 201: AdminPartner, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await partners.create(request.user.id, request.body)),
  )

  app.patch(
    '/api/v1/admin/partners/:id',
    {
      schema: {
        params: numericId,
        body: AdminPartnerUpdateBody,
        response: { 200: AdminPartner, ...errors },
      },
    },
    (request) => partners.update(request.user.id, request.params.id, request.body),
  )
}
