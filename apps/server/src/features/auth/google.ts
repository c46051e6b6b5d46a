import { EMAIL_PATTERN, TEXT_LIMITS } from '@invoicer/domain/api/common';
import { PERSON_NAME_MAX_LENGTH } from '@invoicer/domain/api/auth';
import * as oidc from 'openid-client';

/**
 * Google sign-in through OpenID Connect with openid-client: authorization code with PKCE (S256),
 * state and nonce; the ID token's signature, issuer, audience, expiry and nonce are verified by
 * the library. The provider is discovered on first use, not at start-up, so a server without
 * network access to Google starts and only the Google button fails (and a later click retries).
 */

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  /** https://accounts.google.com, or a local OpenID provider in tests. */
  issuer: string;
}

/** What the product keeps of a Google identity. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  firstName: string;
  lastName: string;
  pictureUrl: string | null;
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A sign-in that cannot go on; the reason is logged, the browser only sees oauth_failed. */
export class GoogleSignInError extends Error {}

/** Plain-http issuers are refused by openid-client; allowed only for a provider on this machine (tests, e2e). */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const DISCOVERY_TIMEOUT_SECONDS = 10;
const PICTURE_MAX_LENGTH = 2_048;

export class GoogleSignIn {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(private readonly settings: GoogleSettings) {}

  /** Discovery once; a failure is forgotten so the next attempt tries again. */
  private discover(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.settings.issuer);
      const insecureAllowed = issuer.protocol === 'http:' && LOCAL_HOSTS.has(issuer.hostname);
      this.configuration = oidc
        .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
          execute: insecureAllowed ? [oidc.allowInsecureRequests] : [],
          timeout: DISCOVERY_TIMEOUT_SECONDS,
        })
        .catch((error: unknown) => {
          this.configuration = undefined;
          throw error;
        });
    }
    return this.configuration;
  }

  async authorizationRequest(redirectUri: string): Promise<AuthorizationRequest> {
    const configuration = await this.discover();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      // The original client asked for these; the product keeps no Google tokens
      // (docs/product/accounts.md#google-sign-in).
      access_type: 'offline',
      prompt: 'consent',
    });
    return { url, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the code of the callback URL (the redirect URI plus the provider's query) for
   * tokens and answers the verified identity. Requires a verified e-mail address.
   */
  async identity(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<GoogleIdentity> {
    const configuration = await this.discover();
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new GoogleSignInError('no ID token');
    return identityFromClaims(claims);
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The ID token's claims as the product keeps them; names are cut to the account limits (they are Google's, not typed here). */
export function identityFromClaims(claims: Record<string, unknown>): GoogleIdentity {
  const sub = text(claims.sub);
  const email = text(claims.email);
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  if (!sub || sub.length > 255) throw new GoogleSignInError('no subject');
  if (!email || email.length > TEXT_LIMITS.email || !EMAIL_PATTERN.test(email))
    throw new GoogleSignInError('no e-mail');
  if (!verified) throw new GoogleSignInError('e-mail not verified');

  let firstName = text(claims.given_name);
  let lastName = text(claims.family_name);
  if (!firstName && !lastName) {
    const [first = '', ...rest] = text(claims.name).split(/\s+/);
    firstName = first;
    lastName = rest.join(' ');
  }
  if (!firstName) firstName = email.split('@')[0] ?? '';
  const picture = text(claims.picture);
  return {
    sub,
    email,
    firstName: firstName.slice(0, PERSON_NAME_MAX_LENGTH),
    lastName: lastName.slice(0, PERSON_NAME_MAX_LENGTH),
    pictureUrl: picture.startsWith('https://') && picture.length <= PICTURE_MAX_LENGTH ? picture : null,
  };
}
