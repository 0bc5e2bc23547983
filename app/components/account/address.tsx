import type { AccountAddress } from '../../../services/identity/account';

export function Address({ address }: { address: AccountAddress }) {
  return (
    <address className="account-address" translate="no">
      {address.line1}
      <br />
      {address.locality} {address.state} {address.postalCode}
    </address>
  );
}
