import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { postcodes } from '../../db/schema';

export async function lookupPostcode(db: Db, country: string, postcode: string) {
  return db
    .select({
      postcode: postcodes.postcode,
      locality: postcodes.locality,
      state: postcodes.state,
      country: postcodes.country,
    })
    .from(postcodes)
    .where(and(eq(postcodes.country, country), eq(postcodes.postcode, postcode)))
    .orderBy(asc(postcodes.locality));
}
