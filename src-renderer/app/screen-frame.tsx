import { Suspense, useEffect, type ComponentType } from 'react';
import { ScreenBoundary } from './screen-boundary';

/**
 * One screen in the main area: its failures stay inside it (ScreenBoundary), a screen whose chunk
 * is still loading shows an empty busy area, and `onShown` runs once the screen's own content is
 * in the document (after its chunk arrived), so focus can be put into it.
 * `screenKey` restarts all of it when another screen opens.
 */
export function ScreenFrame({ screenKey, view: View, onShown }: { screenKey: string; view: ComponentType; onShown: () => void }) {
  return (
    <ScreenBoundary key={screenKey}>
      <Suspense fallback={<div className="screen" aria-busy="true" />}>
        <View />
        <OnCommit run={onShown} />
      </Suspense>
    </ScreenBoundary>
  );
}

/** Its effect runs when its Suspense boundary commits real content, not the fallback. */
function OnCommit({ run }: { run: () => void }) {
  useEffect(() => {
    run();
  }, [run]);
  return null;
}
