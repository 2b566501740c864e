// Every route of API.md. The running sandbox takes its table from dialects/registry.ts
// (dialectRoutes), which for 'default' is these routes in this order plus the playground.
import { contactRoutes } from './contact-routes';
import { keyRoutes } from './key-routes';
import { messageRoutes } from './message-routes';
import type { Route } from './router';

export const ROUTES: readonly Route[] = [...contactRoutes, ...messageRoutes, ...keyRoutes];
