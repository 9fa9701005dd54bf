// The OpenAPI document tells the truth (issue 20, item 10; docs/decisions/0416): every operation it
// lists is sent one request the document calls valid and one it calls invalid, built from the
// document alone (testing/openapi-examples.ts), as a signed-in superadmin. Whatever the answer, its
// status must be one the document lists for that operation, and an error's body exactly {detail, code}.
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../testing/harness.ts';
import {
  invalidRequest,
  validRequest,
  type ExampleRequest,
  type Operation,
} from '../testing/openapi-examples.ts';

interface Document {
  paths: Record<string, Record<string, Operation>>;
}

/** Operations whose valid request is not sent, and why. */
const NOT_DRIVEN_VALID: Record<string, string> = {
  'post /api/admin/upload': 'a multipart file upload, which the document does not describe (uploads.test.ts)',
};

/**
 * Operations whose document-valid request is refused with 400 by the handler: the example cannot
 * know a secret or a state the rule depends on. Any other 400 to a valid request is a rule the
 * document leaves out.
 */
const REFUSED_THOUGH_VALID: Record<string, string> = {
  'post /api/admin/2fa/enable': 'the code is not one from an authenticator app',
  'post /api/admin/change-password': "the current password is not the admin's",
  'post /api/admin/password-reset/confirm': 'the token is not one the site e-mailed',
  'post /api/admin/trash/restore': 'nothing the example names is in Recently deleted',
};

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      path,
      method,
      operation,
      key: `${method} ${path}`,
    })),
  );

describeEachDatabase(
  'the OpenAPI document against the app',
  (ctx) => {
    const send = (method: string, request: ExampleRequest, token: string) =>
      ctx().request({
        method: method.toUpperCase() as 'GET',
        url: request.url,
        payload: request.payload,
        headers: request.contentType ? { 'content-type': request.contentType } : {},
        token,
      });

    /** A fresh session for the logout operation, so the test's own session stays signed in. */
    const tokenFor = async (key: string, session: { token: string; email: string; password: string }) =>
      key === 'post /api/admin/logout'
        ? (await ctx().services.accounts.login(session.email, session.password)).access_token
        : session.token;

    const expectDocumented = (
      key: string,
      operation: Operation,
      response: Awaited<ReturnType<TestContext['request']>>,
    ) => {
      expect(Object.keys(operation.responses), `${key} answered ${response.statusCode}`).toContain(
        String(response.statusCode),
      );
      if (response.statusCode >= 400)
        expect(response.json(), key).toEqual({ detail: expect.any(String), code: expect.any(String) });
    };

    // About 120 requests in one test: seconds alone, far more beside three other busy test files.
    it('answers every operation with a status the document lists for it', { timeout: 120_000 }, async () => {
      const doc = (await ctx().request({ method: 'GET', url: '/api/docs' })).json<Document>();
      const session = await ctx().loginAs();
      const operations = operationsOf(doc);
      expect(operations.length).toBeGreaterThan(70);
      const refusedThoughValid: string[] = [];
      let invalidSent = 0;
      for (const { path, method, operation, key } of operations) {
        if (!NOT_DRIVEN_VALID[key]) {
          const response = await send(method, validRequest(path, operation), await tokenFor(key, session));
          expectDocumented(key, operation, response);
          if (response.statusCode === 400) refusedThoughValid.push(key);
        }
        const invalid = invalidRequest(path, method, operation);
        if (!invalid) continue;
        invalidSent += 1;
        const response = await send(method, invalid, await tokenFor(key, session));
        expectDocumented(key, operation, response);
        expect(response.statusCode, `${key} invalid: ${response.body}`).toBe(400);
      }
      expect(refusedThoughValid.sort()).toEqual(Object.keys(REFUSED_THOUGH_VALID).sort());
      expect(invalidSent).toBeGreaterThan(45);
    });
  },
  { env: { CAPTCHA_PROVIDER: 'off' } },
);
