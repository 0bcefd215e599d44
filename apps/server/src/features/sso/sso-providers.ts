import type { OidcProviderConfig } from '../../config/env.ts';

export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The configured provider whose domains include this e-mail's, if any. */
export const providerForEmail = (providers: readonly OidcProviderConfig[], email: string) =>
  providers.find((provider) => provider.domains.includes(emailDomain(email)));

/** The providers as auth-info lists them. */
export const listedProviders = (providers: readonly OidcProviderConfig[]) =>
  providers.map((provider) => ({ provider_name: provider.name, label: provider.label }));
