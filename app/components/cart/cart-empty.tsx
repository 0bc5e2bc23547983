import { Link } from 'react-router';

export function CartEmpty() {
  return (
    <section className="page-message">
      <h1>Your cart is empty</h1>
      <p>Find something you will love in our range.</p>
      <p>
        <Link className="button" to="/wines">
          Browse our wines
        </Link>
      </p>
    </section>
  );
}
