import { AUTH_ERRORS, type SessionToken, SSO_RETURN_PATH } from '@ec/contract/auth';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { Config, OidcProviderConfig } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { digest } from '../../shared/secrets.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { usersRepository } from '../auth/users.repository.ts';
import { oidcLoginsRepository } from './oidc-logins.repository.ts';
import { emailDomain } from './sso-providers.ts';

/** Time for the round trip through the provider's sign-in page. */
const LOGIN_TTL_MS = 10 * 60_000;

const ssoFailed = (message: string) => ApiError.badRequest(message, AUTH_ERRORS.notAuthorized);

/**
 * Single sign-on with OpenID Connect providers from the configuration: the authorization code flow
 * with PKCE, state and nonce. The first sign-in creates the user with status EXTERNAL_PROVIDER.
 */
export function ssoService(deps: { db: Db; config: Config; auth: AuthService; log: FastifyBaseLogger }) {
  const providers = deps.config.OIDC_PROVIDERS;
  const logins = oidcLoginsRepository(deps.db);
  const users = usersRepository(deps.db);
  const redirectUri = new URL(SSO_RETURN_PATH, deps.config.publicUrl).href;
  // Discovery documents are fetched once per process; a failure is retried on the next sign-in.
  const discovered = new Map<string, Promise<oidc.Configuration>>();

  function configurationOf(provider: OidcProviderConfig) {
    let configuration = discovered.get(provider.name);
    if (!configuration) {
      const issuer = new URL(provider.issuer);
      configuration = oidc.discovery(issuer, provider.client_id, provider.client_secret, undefined, {
        // Plain HTTP only for a provider on this machine (development and tests).
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      });
      configuration.catch(() => discovered.delete(provider.name));
      discovered.set(provider.name, configuration);
    }
    return configuration;
  }

  const providerNamed = (name: string) => {
    const provider = providers.find((candidate) => candidate.name === name);
    if (!provider) throw ApiError.notFound(`No single sign-on provider named ${name}`);
    return provider;
  };

  return {
    /** Starts a round trip: remembers state, PKCE verifier and nonce, and names the provider's URL. */
    async authorizationUrl(providerName: string, loginHint?: string) {
      const provider = providerNamed(providerName);
      const configuration = await configurationOf(provider).catch((error: unknown) => {
        deps.log.error({ err: error, provider: provider.name }, 'OpenID Connect discovery failed');
        throw new ApiError(502, 'SSO_UNAVAILABLE', `${provider.label} cannot be reached right now.`);
      });
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      await logins.create({
        stateHash: digest(state),
        provider: provider.name,
        codeVerifier,
        nonce,
        expiresAt: new Date(Date.now() + LOGIN_TTL_MS),
      });
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...(loginHint ? { login_hint: loginHint } : {}),
      });
      return { authorization_url: url.href };
    },

    /** Finishes a round trip: exchanges the code, checks the ID token, and opens a session. */
    async complete({
      code,
      state,
      iss,
    }: {
      code: string;
      state: string;
      iss?: string;
    }): Promise<SessionToken> {
      const login = await logins.take(digest(state));
      if (!login) throw ssoFailed('The single sign-on request has expired. Please sign in again.');
      const provider = providerNamed(login.provider);
      const configuration = await configurationOf(provider);
      const returned = new URL(redirectUri);
      returned.searchParams.set('code', code);
      returned.searchParams.set('state', state);
      if (iss) returned.searchParams.set('iss', iss);
      let claims: Record<string, unknown> & { sub: string };
      try {
        const tokens = await oidc.authorizationCodeGrant(configuration, returned, {
          pkceCodeVerifier: login.codeVerifier,
          expectedState: state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims()!;
        // Conforming providers may keep e-mail and name for the userinfo endpoint.
        claims =
          typeof idToken.email === 'string'
            ? idToken
            : {
                ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)),
                sub: idToken.sub,
              };
      } catch (error) {
        deps.log.warn({ err: error, provider: provider.name }, 'single sign-on code exchange failed');
        throw ssoFailed(`${provider.label} did not confirm the sign-in. Please try again.`);
      }
      const email = typeof claims?.email === 'string' ? claims.email.toLowerCase() : '';
      if (!email || claims.email_verified === false)
        throw ssoFailed(`${provider.label} did not share a verified e-mail address.`);
      // A provider speaks only for its own domains.
      if (!provider.domains.includes(emailDomain(email)))
        throw ssoFailed(`${email} does not belong to ${provider.label}.`);
      const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email;
      const user = await users.upsertExternal({
        issuer: configuration.serverMetadata().issuer,
        subject: claims.sub,
        email,
        name,
      });
      return deps.auth.startSession(user.userGuid);
    },
  };
}

export type SsoService = ReturnType<typeof ssoService>;
