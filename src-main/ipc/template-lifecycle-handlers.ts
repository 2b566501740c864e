// The Templates screen's channels: one-line adapters over the template lifecycle, acting on the
// active profile like templates:list.
import { activeProfileId } from './active-profile';
import type { DomainHandlers, HandlerCore } from './handler-types';

export function createTemplateLifecycleHandlers(
  lifecycle: HandlerCore['templateLifecycle'],
  profiles: Pick<HandlerCore['profiles'], 'active'>,
): DomainHandlers<'template-lifecycle'> {
  return {
    'template-lifecycle:overview': () => lifecycle.overview({}),
    'template-lifecycle:kept': async () => lifecycle.kept(await activeProfileId(profiles)),
    'template-lifecycle:create': (p) => lifecycle.create(p),
    'template-lifecycle:update': async (p) => {
      await lifecycle.update(p);
      return null;
    },
    'template-lifecycle:delete': async (p) => {
      await lifecycle.remove(p);
      return null;
    },
    'template-lifecycle:check': (p) => lifecycle.check(p),
  };
}
