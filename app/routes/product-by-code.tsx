import { data, redirect } from 'react-router';
import { ItemCodeSchema } from '../../domain/catalogue-inputs';
import { productPath } from '../../domain/product-path';
import { findProductByAnyCode } from '../../services/catalogue/catalogue';
import type { Route } from './+types/product-by-code';
import { appContext } from '../context';

export const handle = { pageType: 'product_responsive' };

/** /product/{itemCode} (search suggestion links, SPEC §2) redirects to the product's canonical URL. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, site } = context.get(appContext);
  const code = ItemCodeSchema.safeParse(params.itemCode);
  if (!code.success) throw data('Not found', { status: 404 });
  const product = await findProductByAnyCode(db, code.data, site.currency);
  if (!product) throw data('Not found', { status: 404 });
  throw redirect(`${productPath(product)}${new URL(request.url).search}`, 301);
}

export default function ProductByCode() {
  return null;
}
