import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import type { ImageSize } from '../../domain/images';
import { drawProductSvg } from '../../domain/product-art';

/** The drawn image of a product, or null when the product has none (unknown code or a deliberately missing image). */
export async function renderProductImage(db: Db, itemCode: string, size: ImageSize): Promise<string | null> {
  const [row] = await db
    .select({
      itemCode: products.itemCode,
      name: products.name,
      producer: products.producer,
      colour: products.colour,
      productType: products.productType,
      mixed: products.mixed,
      bottleSizeMl: products.bottleSizeMl,
      vintage: products.vintage,
      imageBase: products.imageBase,
    })
    .from(products)
    .where(eq(products.itemCode, itemCode))
    .limit(1);
  if (!row || row.imageBase !== `/images/products/${row.itemCode}`) return null;
  return drawProductSvg(row, size);
}
