import type { PaymentMethod } from '../../../services/account';

export function PaymentMethodList({ methods }: { methods: PaymentMethod[] }) {
  if (methods.length === 0) return <p>You have no saved payment methods. You can add a card when you check out.</p>;
  return (
    <ul className="account-list payment-methods">
      {methods.map((m) => (
        <li key={m.id} className="account-card">
          <p>
            <strong>{m.brand}</strong> <span aria-hidden="true">{m.maskedNumber}</span>
            <span className="visually-hidden">ending in {m.last4}</span>
          </p>
          <p>Expires {m.expiry}</p>
          {m.isDefault ? <p className="badge">Default</p> : null}
        </li>
      ))}
    </ul>
  );
}
