import { Type, type TSchema } from '@sinclair/typebox';
import type { RouteDef } from './route.js';

const ErrorBody = Type.Object({
  error: Type.Object({ code: Type.String(), message: Type.String(), details: Type.Optional(Type.Unknown()) }),
});

const ACCESS_TEXT = {
  public: 'Anyone.',
  signedIn: 'Any signed-in user.',
  customer: 'Customers (their own data) and administrators.',
  admin: 'Administrators only.',
} as const;

/** The OpenAPI 3.1 document, generated from the route table and the contracts' JSON Schemas. */
export function openApiDocument(routes: readonly RouteDef[], serverUrl: string): object {
  const paths: Record<string, unknown> = {};
  for (const route of routes) {
    const responses: Record<string, unknown> = {
      200: { description: 'OK', content: { 'application/json': { schema: Type.Object({ data: (route.answer as TSchema) ?? Type.Unknown(), meta: Type.Optional(Type.Object({}, { additionalProperties: true })) }) } } },
      400: { description: 'Invalid body: the message names the field', content: { 'application/json': { schema: ErrorBody } } },
    };
    if (route.access !== 'public') {
      responses[401] = { description: 'Not signed in', content: { 'application/json': { schema: ErrorBody } } };
      responses[403] = { description: 'Not allowed for this role or resource', content: { 'application/json': { schema: ErrorBody } } };
    }
    paths[route.path] = {
      post: {
        tags: [route.tag],
        summary: route.summary,
        description: `Access: ${ACCESS_TEXT[route.access]}`,
        ...(route.access === 'public' ? {} : { security: [{ cookie: [] }, { token: [] }] }),
        requestBody: { required: false, content: { 'application/json': { schema: route.body ?? Type.Object({}) } } },
        responses,
      },
    };
  }
  return JSON.parse(
    JSON.stringify({
      openapi: '3.1.0',
      info: {
        title: 'Relaycast API',
        version: '1.0.0',
        description: 'Every call is POST with a JSON body and answers { data }. Errors answer { error: { code, message, details } }. Amounts are integer US cents.',
      },
      servers: [{ url: serverUrl }],
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'auth_token' },
          token: { type: 'apiKey', in: 'header', name: 'AUTH_TOKEN_VALUE' },
        },
      },
      paths,
    }),
  );
}
