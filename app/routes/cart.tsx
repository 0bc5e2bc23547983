import { cartContextOf, findVisitorCart, getCart } from '../../services/cart';
import type { Route } from './+types/cart';
import { CartMain } from '../components/cart/cart-main';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { appContext } from '../context';
import { useRootData } from '../root';

export const handle = { pageType: 'shopping_cart' };

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const cart = cartContextOf(ctx);
  return { cart: await getCart(cart, await findVisitorCart(cart, ctx.cookies.cart_id), { validate: true }) };
}

export const meta: Route.MetaFunction = ({ error }) =>
  error ? [] : [{ title: 'Your cart' }, { name: 'robots', content: 'noindex' }];

/** The cart is personal and changes elsewhere (other tabs, the API): never reuse a stored copy. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  return <CartMain serverCart={loaderData.cart} site={site} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
