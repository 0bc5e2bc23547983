import { createContext } from 'react-router';
import type { RequestContext } from '../services/platform/request-context';

/** The request context the server hands to every loader (see entry.server.tsx). */
export const appContext = createContext<RequestContext>();
