import { createContext } from 'react-router';
import type { StaffMember } from '../../domain/staff';
import type { RequestContext } from '../../services/platform/request-context';

/** What the server hands every console loader and action (server/pipeline/console-pages.ts). */
export interface ConsoleContext {
  ctx: RequestContext;
  /** The signed-in staff member; null when signed out. */
  staff: StaffMember | null;
  /** The staff session token the request presented (the sign-in's code step reads it). */
  sessionToken: string | undefined;
}

export const consoleContext = createContext<ConsoleContext>();
