import { IsoDateTime, withoutControlOrBidi } from './wire-formats.js';
import { z } from './zod.js';

/**
 * The remote MCP server's OAuth 2.1 authorization server:
 * RFC 8414 metadata, RFC 9728 protected-resource metadata, RFC 7591
 * registration, the authorization-code flow with PKCE S256, refresh
 * tokens, and the user's list of connected clients.
 */

/**
 * What a token may be used for; a tool needs its scope. `sync` opens the
 * Open Podcast API (/v1), as an app password does.
 */
export const MCP_SCOPES = [
  'corpus:read',
  'library:read',
  'library:write',
  'capture:write',
  'sync',
] as const;
export const McpScope = z.enum(MCP_SCOPES);
export type McpScope = z.infer<typeof McpScope>;

/**
 * What a client gets when it names no scope: reading only. The write scopes
 * are asked for when a tool needs them (step-up, docs/decisions/mcp.md).
 */
export const MCP_DEFAULT_SCOPES: readonly McpScope[] = ['corpus:read', 'library:read'];

/** Limits of registration and tokens, enforced on every write (docs/decisions/mcp.md). */
export const MCP_OAUTH_LIMITS = {
  redirectUris: 5,
  /** A registered URI (redirect, client, logo, terms, policy): each is stored. */
  uriChars: 512,
  /** A parameter of the authorization or token request: read, never stored as sent. */
  paramChars: 2000,
  nameBytes: 255,
  contacts: 5,
  /** Registrations one source address may make per window (a burst, then a steady rate). */
  registrationsPerAddress: 20,
  registrationWindowSeconds: 3600,
  /** Clients nobody has consented to, kept at once; past it the oldest idle ones go. */
  unconsentedClients: 1000,
  /** A client with no consent and no consent page open is deleted after this long. */
  unconsentedClientSeconds: 15 * 60,
  /** Live grants (connected clients) per user. */
  grantsPerUser: 50,
  accessTokenSeconds: 3600,
  refreshTokenSeconds: 30 * 24 * 3600,
  codeSeconds: 300,
  consentSeconds: 600,
  /** A client ID metadata document read past this many bytes is refused (the draft's 5 kB). */
  metadataDocumentBytes: 5120,
  /** The whole fetch of a metadata document: lookup, connect, headers and body. */
  metadataDocumentTimeoutMs: 3000,
  /** Metadata documents one signed-in user may have fetched per registration window (an hour). */
  metadataDocumentFetchesPerUser: 20,
  /** Documents kept in memory at once, and the longest any is kept whatever its headers say. */
  metadataDocumentsCached: 500,
  metadataDocumentMaxAgeSeconds: 24 * 3600,
} as const;

const utf8Bytes = (value: string) => Buffer.byteLength(value, 'utf8');
/** A registered name: shown on the consent page, so nothing may reorder the text around it. */
const ShortText = withoutControlOrBidi(
  z
    .string()
    .min(1)
    .refine((v) => utf8Bytes(v) <= MCP_OAUTH_LIMITS.nameBytes, {
      message: `at most ${MCP_OAUTH_LIMITS.nameBytes} bytes`,
    }),
);
const Uri = z.string().min(1).max(MCP_OAUTH_LIMITS.uriChars);
const WebUrl = z.url({ protocol: /^https?$/ }).max(MCP_OAUTH_LIMITS.uriChars);

export const TokenEndpointAuthMethod = z.enum([
  'none',
  'client_secret_post',
  'client_secret_basic',
]);

/** RFC 7591 §2; metadata we do not know is ignored, as the RFC asks. */
export const ClientRegistrationRequest = z
  .object({
    redirect_uris: z.array(Uri).min(1).max(MCP_OAUTH_LIMITS.redirectUris),
    client_name: ShortText.optional(),
    token_endpoint_auth_method: TokenEndpointAuthMethod.optional(),
    grant_types: z
      .array(z.enum(['authorization_code', 'refresh_token']))
      .max(2)
      .optional(),
    response_types: z.array(z.literal('code')).max(1).optional(),
    scope: z.string().max(200).optional(),
    client_uri: WebUrl.optional(),
    logo_uri: WebUrl.optional(),
    tos_uri: WebUrl.optional(),
    policy_uri: WebUrl.optional(),
    contacts: z.array(z.string().max(254)).max(MCP_OAUTH_LIMITS.contacts).optional(),
    software_id: ShortText.optional(),
    software_version: ShortText.optional(),
  })
  .openapi('ClientRegistrationRequest');
export type ClientRegistrationRequest = z.infer<typeof ClientRegistrationRequest>;

export const ClientRegistrationResponse = ClientRegistrationRequest.extend({
  client_id: z.string(),
  client_id_issued_at: z.number().int(),
  client_secret: z.string().optional(),
  client_secret_expires_at: z.number().int().optional(),
  token_endpoint_auth_method: TokenEndpointAuthMethod,
  grant_types: z.array(z.enum(['authorization_code', 'refresh_token'])),
  response_types: z.array(z.literal('code')),
  scope: z.string(),
}).openapi('ClientRegistrationResponse');
export type ClientRegistrationResponse = z.infer<typeof ClientRegistrationResponse>;

/**
 * A client ID metadata document (draft-ietf-oauth-client-id-metadata-document):
 * the registration metadata a client publishes at the https URL it uses as
 * its `client_id`. The MCP authorization spec requires a name and redirect
 * URIs; with no shared secret possible, only public clients (`none`).
 */
/** A member a metadata document must not carry; documented as JSON Schema's `not: {}`. */
const Absent = z
  .unknown()
  .refine(() => false, { error: 'must not be present in a metadata document' })
  .openapi({ description: 'Must not be present in a metadata document', not: {} });

export const ClientMetadataDocument = ClientRegistrationRequest.extend({
  client_id: z.string().max(MCP_OAUTH_LIMITS.uriChars),
  client_name: ShortText,
  token_endpoint_auth_method: z
    .literal('none', { error: 'only none: a metadata document cannot share a secret' })
    .optional(),
  client_secret: Absent.optional(),
  client_secret_expires_at: Absent.optional(),
});
export type ClientMetadataDocument = z.infer<typeof ClientMetadataDocument>;

/** RFC 6749 §5.2 / RFC 7591 §3.2.2 error body. */
export const OAuthErrorBody = z
  .object({ error: z.string(), error_description: z.string().optional() })
  .openapi('OAuthError');
export type OAuthErrorBody = z.infer<typeof OAuthErrorBody>;

const Param = z.string().max(MCP_OAUTH_LIMITS.paramChars);

/**
 * The authorization request as sent. Every parameter is a single string;
 * which failures go back to the client and which are shown to the user
 * (an unknown client, a redirect URI it did not register) is decided by
 * @podcast/auth, as RFC 6749 §4.1.2.1 asks.
 */
export const AuthorizeQuery = z.object({
  response_type: Param.optional(),
  client_id: Param.optional(),
  redirect_uri: Param.optional(),
  code_challenge: Param.optional(),
  code_challenge_method: Param.optional(),
  scope: Param.optional(),
  state: Param.optional(),
  resource: Param.optional(),
});
export type AuthorizeQuery = z.infer<typeof AuthorizeQuery>;

/** The consent form's answer. */
export const ConsentBody = z.object({
  request_id: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'not a consent request id'),
  decision: z.enum(['allow', 'deny']),
});

/** RFC 6749 §4.1.3 and §6; the grant decides which fields it needs. */
export const TokenRequest = z
  .object({
    grant_type: z.string().max(64),
    code: Param.optional(),
    redirect_uri: Param.optional(),
    code_verifier: Param.optional(),
    client_id: Param.optional(),
    client_secret: Param.optional(),
    refresh_token: Param.optional(),
    resource: Param.optional(),
    scope: Param.optional(),
  })
  .openapi('TokenRequest');
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    refresh_token: z.string(),
    scope: z.string(),
  })
  .openapi('TokenResponse');
export type TokenResponse = z.infer<typeof TokenResponse>;

/** RFC 8414 §2. */
export const AuthorizationServerMetadata = z
  .object({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    registration_endpoint: z.string(),
    scopes_supported: z.array(z.string()),
    response_types_supported: z.array(z.string()),
    response_modes_supported: z.array(z.string()),
    grant_types_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    code_challenge_methods_supported: z.array(z.string()),
    authorization_response_iss_parameter_supported: z.boolean(),
    client_id_metadata_document_supported: z.boolean(),
    service_documentation: z.string().optional(),
  })
  .openapi('AuthorizationServerMetadata');
export type AuthorizationServerMetadata = z.infer<typeof AuthorizationServerMetadata>;

/** RFC 9728 §2. */
export const ProtectedResourceMetadata = z
  .object({
    resource: z.string(),
    authorization_servers: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    bearer_methods_supported: z.array(z.string()),
    resource_name: z.string(),
  })
  .openapi('ProtectedResourceMetadata');
export type ProtectedResourceMetadata = z.infer<typeof ProtectedResourceMetadata>;

export const McpGrant = z
  .object({
    id: z.string(),
    client_id: z.string(),
    client_name: z.string().nullable(),
    scope: z.string(),
    resource: z.string(),
    created_at: IsoDateTime,
    last_used_at: IsoDateTime.nullable(),
  })
  .openapi('McpGrant');

export const McpGrantList = z
  .object({ items: z.array(McpGrant) })
  .openapi('McpGrantList', { description: 'Clients the user let act for them, newest first' });
export type McpGrantList = z.infer<typeof McpGrantList>;

export const McpGrantParams = z.object({
  grant_id: z.string().regex(/^g_[0-9a-f]{24}$/, 'not a grant id'),
});

/** A JSON-RPC 2.0 message or batch, as the MCP endpoint takes it; the SDK checks the rest. */
const JsonRpcMessage = z.looseObject({ jsonrpc: z.literal('2.0') });
export const McpRequestBody = z.union([JsonRpcMessage, z.array(JsonRpcMessage).min(1).max(50)], {
  error: 'not a JSON-RPC 2.0 message (an object with "jsonrpc": "2.0") nor a batch of 1 to 50',
});
