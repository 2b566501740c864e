// main.tsx imports this module FIRST. Modules run in import order, so this body runs before
// React, React DOM and every screen are evaluated: the first contacts page is already on its
// way to main while the rest of the bundle is parsed and run. React renders once the first
// screen is known (start-first-load.ts).
import { startFirstLoad } from './app/start-first-load';

export const firstScreenKnown = startFirstLoad();
