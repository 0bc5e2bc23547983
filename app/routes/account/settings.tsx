import { useLingui } from '@lingui/react';
import type { Route } from './+types/settings';
import { getAccountDetails } from '../../../services/identity/account';
import { ChangePasswordForm } from '../../components/account/change-password-form';
import { EmailOptInForm } from '../../components/account/email-opt-in-form';
import { accountTitle } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';

export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  const details = await getAccountDetails(ctx.db, customerId);
  return { emailOptIn: details.emailOptIn };
}

export const meta: Route.MetaFunction = ({ matches }) => accountTitle('Settings', matches);

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <>
      <h1>{i18n._('Settings')}</h1>
      <SettingsBody emailOptIn={loaderData.emailOptIn} />
    </>
  );
}

/** Also shown by the legacy details page on test hosts (#email-settings, #password, #tpr-settings). */
export function SettingsBody({ emailOptIn }: { emailOptIn: boolean }) {
  const { i18n } = useLingui();
  return (
    <>
      <div id="email-settings" className="account-card">
        <EmailOptInForm initial={emailOptIn} />
      </div>
      <div id="password" className="account-card">
        <ChangePasswordForm />
      </div>
      <section id="tpr-settings" className="account-card" aria-labelledby="settings-tpr">
        <h2 id="settings-tpr">{i18n._('Third-party sharing')}</h2>
        <p>{i18n._('We never sell or share your details with other companies for their marketing.')}</p>
      </section>
    </>
  );
}
