import { useLingui } from '@lingui/react';
import type { PaymentMethod } from '../../../services/identity/account';

export function PaymentMethodList({ methods }: { methods: PaymentMethod[] }) {
  const { i18n } = useLingui();
  if (methods.length === 0)
    return <p>{i18n._('You have no saved payment methods. You can add a card when you check out.')}</p>;
  return (
    <ul className="account-list payment-methods">
      {methods.map((m) => (
        <li key={m.id} className="account-card">
          <p>
            <strong>{m.brand}</strong> <span aria-hidden="true">{m.maskedNumber}</span>
            <span className="visually-hidden">{i18n._('ending in {last4}', { last4: m.last4 })}</span>
          </p>
          <p>{i18n._('Expires {expiry}', { expiry: m.expiry })}</p>
          {m.isDefault ? <p className="badge">{i18n._('Default')}</p> : null}
        </li>
      ))}
    </ul>
  );
}
