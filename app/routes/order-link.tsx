import { useLingui } from '@lingui/react';
import { data } from 'react-router';
import { findOrderByLink } from '../../services/order-link';
import { ServiceError } from '../../services/service-error';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/order-link';
import { OrderCard } from '../components/account/orders';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { appContext } from '../context';
import { useRootData } from '../root';

export const handle = { pageType: 'customer_service' };

/**
 * The order's page the confirmation email links to (`/orders/{orderNumber}?token=…`): lines, totals, status and
 * delivery address for whoever holds the email, guest or customer, without a login. A wrong or missing secret is
 * the 404 page and costs a try from the address's code budget (services/order-link.ts).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  try {
    const order = await findOrderByLink(
      { db: ctx.db, clock: ctx.clock, siteId: ctx.site.id, clientAddress: ctx.clientAddress, budgets: ctx.budgets },
      params.orderNumber,
      token,
    );
    return { order };
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'not_found') throw data('Not found', { status: 404 });
    if (error instanceof ServiceError && error.kind === 'throttled') throw data('Too many tries', { status: 429 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: metaI18n(matches)._('Order {orderNumber}', { orderNumber: loaderData?.order.orderNumber ?? '' }) },
  { name: 'robots', content: 'noindex' },
];

/** A personal answer, opened by a secret in its address: never stored (other sites get only the origin as referrer). */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export default function OrderLinkPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const { i18n } = useLingui();
  const { site } = useRootData();
  const d = order.delivery;
  return (
    <article className="account-page">
      <h1>{i18n._('Order {orderNumber}', { orderNumber: order.orderNumber })}</h1>
      <OrderCard order={order} site={site} detail />
      {d ? (
        <section aria-labelledby="order-delivery">
          <h2 id="order-delivery">{i18n._('Delivering to')}</h2>
          <p>
            {d.firstName} {d.lastName}
            <br />
            {d.line1}
            {d.line2 ? (
              <>
                <br />
                {d.line2}
              </>
            ) : null}
            <br />
            {d.city} {d.state} {d.postcode}
          </p>
        </section>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
