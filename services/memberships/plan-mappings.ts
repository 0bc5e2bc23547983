import type { Db } from '../../db/client';
import { planMappings } from '../../db/schema';
import type { PlanMapping } from '../../domain/plans';
import { noReadCache, type ReadCache } from '../platform/read-cache';

// The plan mappings (content/plan-mappings.json, imported into plan_mappings): a handful of rows every cart and
// offer reads, so one cached read of them all.

export async function loadPlanMappings(db: Db, cache: ReadCache = noReadCache): Promise<readonly PlanMapping[]> {
  return cache.get('plan-mappings', () =>
    db
      .select({
        bomItemCode: planMappings.bomItemCode,
        bumpCode: planMappings.bumpCode,
        rule: planMappings.rule,
        type: planMappings.type,
      })
      .from(planMappings),
  );
}
