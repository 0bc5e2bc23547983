import { useLingui } from '@lingui/react';
import { Link } from 'react-router';

export function CartEmpty() {
  const { i18n } = useLingui();
  return (
    <section className="page-message">
      <h1>{i18n._('Your cart is empty')}</h1>
      <p>{i18n._('Find something you will love in our range.')}</p>
      <p>
        <Link className="button" to="/wines">
          {i18n._('Browse our wines')}
        </Link>
      </p>
    </section>
  );
}
