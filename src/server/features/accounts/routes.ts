import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminList,
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
import { adminCreated } from '#shared/schemas/invitation.ts';
import { requireAdmin } from '../../plugins/auth-guard.ts';
import type { AccountsService } from './service.ts';

// What the OpenAPI document says of the statuses only these handlers know (plugins/openapi-statuses.ts).
const TOO_MANY_ATTEMPTS = 'Too many failed attempts: `Retry-After` says when to try again';
const TWO_FACTOR_CODE_ANSWERS = { 409: 'Two-factor login is not on', 429: TOO_MANY_ATTEMPTS };

// Reachable while a password change is forced: the admin must be able to see who they are,
// change the password, or give up and log out.
const whileForced = { allowDuringForcedPasswordChange: true } as const;

export function registerAccountsRoutes(app: FastifyInstance, accounts: AccountsService): void {
  registerSessionRoutes(app, accounts);
  registerTwoFactorRoutes(app, accounts);
  registerAdminUserRoutes(app, accounts);
}

/** Signing in and out, who am I, and changing one's own password. */
function registerSessionRoutes(app: FastifyInstance, accounts: AccountsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/admin/login',
    {
      config: {
        public: true,
        answers: {
          401: 'Wrong e-mail or password, or the two-factor code is missing or wrong',
          429: TOO_MANY_ATTEMPTS,
        },
      },
      schema: { body: loginRequest, response: { 200: loginResponse } },
    },
    async (request) =>
      accounts.login(request.body.email, request.body.password, {
        totpCode: request.body.totp_code,
        ip: request.ip,
      }),
  );

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
      config: { ...whileForced, audit: false, answers: { 429: TOO_MANY_ATTEMPTS } },
      schema: {
        description: "A 400 when current_password is not the admin's own.",
        body: changePasswordRequest,
        response: { 200: successResponse },
      },
    },
    async (request) => {
      const { current_password, new_password } = request.body;
      await accounts.changePassword(requireAdmin(request), current_password, new_password, {
        ip: request.ip,
      });
      return { success: true as const };
    },
  );
}

function registerTwoFactorRoutes(app: FastifyInstance, accounts: AccountsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/admin/2fa/setup',
    {
      config: { audit: false, answers: { 409: 'Two-factor login is already on' } },
      schema: { response: { 200: twoFactorSetupResponse } },
    },
    async (request) => accounts.beginTwoFactor(requireAdmin(request)),
  );

  api.post(
    '/api/admin/2fa/enable',
    {
      config: {
        audit: false,
        answers: { 409: 'Setup was not started, or two-factor login is already on', 429: TOO_MANY_ATTEMPTS },
      },
      schema: {
        description: 'A 400 when the code is not the one the authenticator app shows for the new key.',
        body: twoFactorEnableRequest,
        response: { 200: recoveryCodesResponse },
      },
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
      config: { audit: false, answers: TWO_FACTOR_CODE_ANSWERS },
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
      config: { audit: false, answers: TWO_FACTOR_CODE_ANSWERS },
      schema: { body: recoveryCodesRequest, response: { 200: recoveryCodesResponse } },
    },
    async (request) => ({
      success: true as const,
      recovery_codes: await accounts.regenerateRecoveryCodes(requireAdmin(request), request.body.code, {
        ip: request.ip,
      }),
    }),
  );
}

/** The admin screen's list of accounts, and creating and deleting them. */
function registerAdminUserRoutes(app: FastifyInstance, accounts: AccountsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/admin/users', { schema: { response: { 200: adminList } } }, async () => ({
    success: true as const,
    admins: await accounts.list(),
  }));

  api.post(
    '/api/admin/users',
    {
      config: { answers: { 409: 'An admin with this e-mail or username already exists' } },
      schema: {
        body: createAdminRequest,
        response: { 201: adminCreated },
      },
    },
    async (request, reply) => {
      const actor = requireAdmin(request);
      const admin = await accounts.create(actor, request.body, { forcePasswordChange: true });
      // The new admin hears how to sign in; the answer says whether the e-mail really went.
      const invitation = await accounts.invite(actor, admin);
      return reply.code(201).send({ success: true as const, admin, invitation });
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
