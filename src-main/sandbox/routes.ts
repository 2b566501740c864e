// Every route of API.md.
import { contactRoutes } from './contact-routes';
import { keyRoutes } from './key-routes';
import { messageRoutes } from './message-routes';
import type { Route } from './router';

export const ROUTES: readonly Route[] = [...contactRoutes, ...messageRoutes, ...keyRoutes];
