import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUser,
  changePasswordRequest,
  createAdminRequest,
  currentAdmin,
  loginRequest,
  loginResponse,
  recoveryCodesRequest,
  recoveryCodesResponse,
  twoFactorDisableRequest,
  twoFactorEnableRequest,
  twoFactorSetupResponse,
} from '#shared/schemas/accounts.ts';
import { idParams, successResponse } from '#shared/schemas/common.ts';
import { requireAdmin } from '../../plugins/auth-guard.ts';
import type { AccountsService } from './service.ts';

export function registerAccountsRoutes(app: FastifyInstance, accounts: AccountsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/admin/login',
    { config: { public: true }, schema: { body: loginRequest, response: { 200: loginResponse } } },
    async (request) =>
      accounts.login(request.body.email, request.body.password, {
        totpCode: request.body.totp_code,
        ip: request.ip,
      }),
  );

  // Reachable while a password change is forced: the admin must be able to see who they are,
  // change the password, or give up and log out.
  const whileForced = { allowDuringForcedPasswordChange: true } as const;

  api.post(
    '/api/admin/logout',
    { config: whileForced, schema: { response: { 200: successResponse } } },
    async (request) => {
      await accounts.logout(requireAdmin(request).sessionId);
      return { success: true as const };
    },
  );

  api.get(
    '/api/admin/me',
    { config: whileForced, schema: { response: { 200: currentAdmin } } },
    async (request) => accounts.me(requireAdmin(request).id),
  );

  api.post(
    '/api/admin/change-password',
    {
      config: { ...whileForced, audit: false },
      schema: { body: changePasswordRequest, response: { 200: successResponse } },
    },
    async (request) => {
      const { current_password, new_password } = request.body;
      await accounts.changePassword(requireAdmin(request), current_password, new_password, {
        ip: request.ip,
      });
      return { success: true as const };
    },
  );

  api.post(
    '/api/admin/2fa/setup',
    { config: { audit: false }, schema: { response: { 200: twoFactorSetupResponse } } },
    async (request) => accounts.beginTwoFactor(requireAdmin(request)),
  );

  api.post(
    '/api/admin/2fa/enable',
    {
      config: { audit: false },
      schema: { body: twoFactorEnableRequest, response: { 200: recoveryCodesResponse } },
    },
    async (request) => ({
      success: true as const,
      recovery_codes: await accounts.enableTwoFactor(requireAdmin(request), request.body.code, {
        ip: request.ip,
      }),
    }),
  );

  api.post(
    '/api/admin/2fa/disable',
    {
      config: { audit: false },
      schema: { body: twoFactorDisableRequest, response: { 200: successResponse } },
    },
    async (request) => {
      await accounts.disableTwoFactor(requireAdmin(request), request.body.password, request.body.code, {
        ip: request.ip,
      });
      return { success: true as const };
    },
  );

  api.post(
    '/api/admin/2fa/recovery-codes',
    {
      config: { audit: false },
      schema: { body: recoveryCodesRequest, response: { 200: recoveryCodesResponse } },
    },
    async (request) => ({
      success: true as const,
      recovery_codes: await accounts.regenerateRecoveryCodes(requireAdmin(request), request.body.code, {
        ip: request.ip,
      }),
    }),
  );

  api.get(
    '/api/admin/users',
    { schema: { response: { 200: z.object({ success: z.literal(true), admins: z.array(adminUser) }) } } },
    async () => ({ success: true as const, admins: await accounts.list() }),
  );

  api.post(
    '/api/admin/users',
    {
      schema: {
        body: createAdminRequest,
        response: { 201: z.object({ success: z.literal(true), admin: adminUser }) },
      },
    },
    async (request, reply) => {
      const admin = await accounts.create(requireAdmin(request), request.body, { forcePasswordChange: true });
      return reply.code(201).send({ success: true as const, admin });
    },
  );

  api.delete(
    '/api/admin/users/:id',
    { schema: { params: idParams, response: { 200: successResponse } } },
    async (request) => {
      await accounts.remove(requireAdmin(request), request.params.id);
      return { success: true as const };
    },
  );
}
