import { useRouteLoaderData } from 'react-router';
import type { VisitorTypeDetailed } from '../../domain/page-types';
import type { PublicSite } from './site';

/**
 * The part of the root loader's data the account pieces need. NOTE: components mounted by app/root.tsx
 * (header, login modal) cannot import useRootData from root without an import cycle, so they read the
 * root route's data through this hook instead.
 */
export interface VisitorData {
  site: PublicSite;
  visitor: { tier: VisitorTypeDetailed; email: string; firstName: string };
}

export function useVisitorData(): VisitorData {
  const data = useRouteLoaderData('root') as VisitorData | undefined;
  if (!data) throw new Error('root loader data is missing');
  return data;
}
