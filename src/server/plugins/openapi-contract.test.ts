// The OpenAPI document tells the truth (issue 20, item 10; issue 26, item 9; docs/decisions/0416 and
// 0437), checked with requests built from the document alone (testing/openapi-examples.ts) as a
// signed-in superadmin:
//   - every answer has a status the document lists for the operation, every error exactly {detail, code},
//     every body a content type the document lists for that status;
//   - a request the document allows, at its edges, is never refused as invalid (400) or as a body
//     the route does not read (415), unless listed below with the reason the document cannot give;
//   - an unknown body field and an unknown query parameter are refused exactly where the document
//     says `additionalProperties: false`; a value that breaks a declared format is refused, and so is
//     an empty string wherever the document does not allow one;
//   - every path answers 405 with `Allow` to any method it does not serve, a word never read as an id.
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachDatabase, multipartFile, type TestContext } from '../testing/harness.ts';
import {
  documentAllows,
  edgeRequests,
  emptyStringProbes,
  invalidRequest,
  malformedFormatRequests,
  unknownInputProbes,
  UNKNOWN_FIELD,
  UNKNOWN_PARAMETER,
  type ExampleRequest,
  type Operation,
} from '../testing/openapi-examples.ts';

interface Document {
  paths: Record<string, Record<string, Operation>>;
}

/**
 * Operations whose document-valid requests are refused with 400 by the handler: the rule depends on
 * a secret or a state the example cannot know. Any other refusal is a rule the document leaves out.
 */
const REFUSED_THOUGH_VALID: Record<string, string> = {
  'post /api/admin/2fa/enable': 'the code is not one from an authenticator app',
  'post /api/admin/change-password': "the current password is not the admin's",
  'post /api/admin/password-reset/confirm': 'the token is not one the site e-mailed',
  // Rules across fields and the clock, which a schema cannot say: an end time after the start time,
  // a start date or an enquiry's preferred date not in the past.
  'post /api/admin/enquiries/{id}/booking': 'a booking starts today or later, and ends after it starts',
  'put /api/admin/bookings/{id}': 'a booking ends after it starts',
  'post /api/enquiries': 'a preferred date is today or later, and at most three years ahead',
  // The ports the operator allows are configuration (MAIL_EXTRA_PORTS), not the document's to list.
  'put /api/admin/mail/settings': 'the port is not one mail servers use nor one MAIL_EXTRA_PORTS adds',
};

/**
 * Every method a client commonly sends, and three no path serves: one Fastify reads a body for, one it
 * does not, one it does not know. A path answers 405 to each it does not serve, even where a word in
 * it could be read as another route's parameter (issue 35, item 8).
 */
const PROBED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'QUERY', 'TRACE', 'PROPFIND'] as const;

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      path,
      method,
      operation,
      key: `${method} ${path}`,
    })),
  );

type Response = Awaited<ReturnType<TestContext['request']>>;

/** The upload's document-valid request: a small picture in the field the document names. */
async function uploadRequest(operation: Operation, path: string) {
  const form = operation.requestBody?.content?.['multipart/form-data']?.schema;
  if (!form) return undefined;
  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#4b5320' } })
    .png()
    .toBuffer();
  return { url: path, ...multipartFile(png, { field: form.required?.[0], filename: 'target.png' }) };
}

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

    const start = async () => {
      const doc = (await ctx().request({ method: 'GET', url: '/api/docs' })).json<Document>();
      const session = await ctx().loginAs();
      /** A fresh session for the logout operation, so the test's own session stays signed in. */
      const tokenFor = async (key: string) =>
        key === 'post /api/admin/logout'
          ? (await ctx().services.accounts.login(session.email, session.password)).access_token
          : session.token;
      return { doc, session, tokenFor, operations: operationsOf(doc) };
    };

    const expectDocumented = (key: string, operation: Operation, response: Response) => {
      expect(Object.keys(operation.responses), `${key} answered ${response.statusCode}`).toContain(
        String(response.statusCode),
      );
      if (response.statusCode >= 400)
        expect(response.json(), key).toEqual({ detail: expect.any(String), code: expect.any(String) });
      // Every answer with a body is of a content type the document lists for its status (issue 35).
      const documented = operation.responses[String(response.statusCode)] as { content?: object };
      const type = String(response.headers['content-type'] ?? '').split(';')[0];
      if (response.rawPayload.length)
        expect(Object.keys(documented.content ?? {}), `${key} ${response.statusCode}`).toContain(type);
    };

    // About 300 requests: seconds alone, more beside three other busy test files.
    it(
      'answers with listed statuses, and refuses a valid request only for a listed reason',
      { timeout: 120_000 },
      async () => {
        const { operations, tokenFor } = await start();
        expect(operations.length).toBeGreaterThan(70);
        const refused = new Map<string, string>();
        let invalidSent = 0;
        for (const { path, method, operation, key } of operations) {
          const upload = await uploadRequest(operation, path);
          if (upload) {
            const response = await ctx().request({ method: 'POST', token: await tokenFor(key), ...upload });
            expectDocumented(key, operation, response);
            expect(response.statusCode, `${key}: ${response.body}`).toBe(201);
          }
          for (const request of upload ? [] : edgeRequests(path, operation)) {
            expect(documentAllows(operation, request), `${key} ${request.what}: ${request.payload}`).toBe(
              true,
            );
            const response = await send(method, request, await tokenFor(key));
            expectDocumented(key, operation, response);
            if ([400, 415].includes(response.statusCode))
              refused.set(key, `${request.what} ${request.url} ${request.payload ?? ''} → ${response.body}`);
          }
          const invalid = invalidRequest(path, method, operation);
          if (!invalid) continue;
          invalidSent += 1;
          const response = await send(method, invalid, await tokenFor(key));
          expectDocumented(key, operation, response);
          expect(response.statusCode, `${key} invalid: ${response.body}`).toBe(400);
        }
        const unexplained = [...refused].filter(([key]) => !REFUSED_THOUGH_VALID[key]);
        expect(unexplained.map(([key, why]) => `${key}: ${why}`)).toEqual([]);
        expect([...refused.keys()].sort()).toEqual(Object.keys(REFUSED_THOUGH_VALID).sort());
        // A client reading the document learns each such rule from the operation's description.
        const unsaid = operations
          .filter(({ key, operation }) => REFUSED_THOUGH_VALID[key] && !operation.description)
          .map(({ key }) => key);
        expect(unsaid, 'operations whose rule the description does not say').toEqual([]);
        expect(invalidSent).toBeGreaterThan(45);
      },
    );

    // Refused for it: a 400 whose detail names the unknown field, parameter or malformed value (the
    // request may be refused for another reason too, as a wrong current password is).
    it(
      'refuses unknown fields and parameters exactly where the document says so, malformed formats and empty strings',
      { timeout: 120_000 },
      async () => {
        const { operations, tokenFor } = await start();
        const wrong: string[] = [];
        let strictBodies = 0;
        let formats = 0;
        for (const { path, method, operation, key } of operations) {
          const probes = [
            ...unknownInputProbes(path, operation),
            ...malformedFormatRequests(path, operation),
            ...emptyStringProbes(path, operation),
          ];
          for (const { request, refused, names } of probes) {
            const response = await send(method, request, await tokenFor(key));
            expectDocumented(key, operation, response);
            const refusedForIt =
              response.statusCode === 400 && response.json<{ detail: string }>().detail.includes(names);
            if (refusedForIt !== refused)
              wrong.push(
                `${key} ${request.what} (${refused ? 'refused' : 'allowed'} by the document): ${response.statusCode} ${response.body}`,
              );
            if (refused && request.what === 'unknown field') strictBodies += 1;
            if (names !== UNKNOWN_FIELD && names !== UNKNOWN_PARAMETER) formats += 1;
          }
        }
        expect(wrong).toEqual([]);
        expect(strictBodies).toBeGreaterThan(20);
        expect(formats).toBeGreaterThan(10);
      },
    );

    it('answers 405 with Allow to a method a path does not serve, on every path', async () => {
      const { doc, session } = await start();
      const wrong: string[] = [];
      for (const [path, item] of Object.entries(doc.paths)) {
        const url = path.replace(/\{\w+\}/g, '1');
        const served = Object.keys(item).map((m) => m.toUpperCase());
        for (const method of PROBED_METHODS.filter((m) => !served.includes(m))) {
          const response = await ctx().request({ method, url, token: session.token });
          const allow = String(response.headers.allow ?? '');
          if (response.statusCode !== 405 || !served.every((m) => allow.split(', ').includes(m)))
            wrong.push(
              `${method} ${url}: ${response.statusCode} allow=${allow} ${response.body.slice(0, 120)}`,
            );
        }
      }
      expect(wrong).toEqual([]);
    });
  },
  {
    env: {
      CAPTCHA_PROVIDER: 'off',
      ENQUIRY_RATE_LIMIT_MAX: '1000',
      TRACK_ADDRESS_RATE_LIMIT_PER_MINUTE: '1000',
      TRACK_SESSION_RATE_LIMIT_PER_MINUTE: '1000',
    },
  },
);
