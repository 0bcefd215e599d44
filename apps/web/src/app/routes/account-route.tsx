import { AccessTokensBox } from '../../features/access-tokens/components/access-tokens-box';
import { AccountPage } from '../../features/account/components/account-page';

/** /account: My Account with the personal access tokens card. */
export function AccountRoute() {
  return <AccountPage AccessTokens={AccessTokensBox} />;
}
